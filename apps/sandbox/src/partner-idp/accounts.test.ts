/**
 * The partner IdPs' account store (`accounts.ts`): ids of fresh accounts (deterministic, in range, moved on
 * when taken), sign-in by username or e-mail with the password, and the rules of a new account.
 */
import { describe, expect, it } from 'vitest';
import { partnerAccountIdFor, PartnerAccountStore, type PartnerTestAccount } from './accounts.ts';

const RANGE = { first: 7_200_000, last: 7_999_999 };
const TEST_ACCOUNT: PartnerTestAccount = {
  id: '7100001',
  username: 'ca-alice',
  email: 'alice@creative-assembly.test',
  emailVerified: true,
  name: 'Alice Aldridge',
  password: 'Partner2024!',
};

describe('partnerAccountIdFor', () => {
  it('derives a stable 7-digit id in the range from the studio and the lower-case name', () => {
    const id = partnerAccountIdFor('creative-assembly', 'Fresh.Player', RANGE);
    expect(id).toBe(partnerAccountIdFor('creative-assembly', 'fresh.player', RANGE));
    expect(id).not.toBe(partnerAccountIdFor('focus', 'fresh.player', RANGE));
    expect(Number(id)).toBeGreaterThanOrEqual(RANGE.first);
    expect(Number(id)).toBeLessThanOrEqual(RANGE.last);
  });
});

describe('PartnerAccountStore', () => {
  it('verifies by username or e-mail (any case) and password only', () => {
    const store = new PartnerAccountStore('creative-assembly', RANGE, [TEST_ACCOUNT]);
    expect(store.verify(' CA-Alice ', 'Partner2024!')?.id).toBe('7100001');
    expect(store.verify('ALICE@creative-assembly.test', 'Partner2024!')?.id).toBe('7100001');
    expect(store.verify('ca-alice', 'partner2024!')).toBeUndefined();
    expect(store.verify('nobody', 'Partner2024!')).toBeUndefined();
    expect(store.verify('', '')).toBeUndefined();
    expect(store.get('7100001')).not.toHaveProperty('password');
  });

  it('creates accounts that can sign in, and moves to the next free id when the derived one is taken', () => {
    const tiny = { first: 1, last: 2 };
    const store = new PartnerAccountStore('focus', tiny, []);
    const input = { email: 'a@example.test', emailVerified: false, password: 'long enough' };
    const first = store.create({ ...input, username: 'first' });
    const second = store.create({ ...input, username: 'second', email: 'b@example.test' });
    if ('error' in first || 'error' in second) throw new Error('refused');
    expect(new Set([first.id, second.id])).toEqual(new Set(['1', '2']));
    expect(first).toMatchObject({ username: 'first', name: 'first', emailVerified: false });
    expect(store.verify('a@example.test', 'long enough')?.id).toBe(first.id);
  });

  it.each([
    [{ username: 'ab' }, 'Invalid username'],
    [{ username: 'x'.repeat(33) }, 'Invalid username'],
    [{ username: 'a@b.test' }, 'Invalid username'],
    [{ email: 'a@b' }, 'Invalid email'],
    [{ email: `${'x'.repeat(250)}@b.test` }, 'Invalid email'],
    [{ password: '1234567' }, 'Invalid password'],
    [{ password: 'x'.repeat(129) }, 'Invalid password'],
    [{ username: 'CA-ALICE' }, 'This username is already taken.'],
    [{ email: 'Alice@Creative-Assembly.test' }, 'An account with this email already exists.'],
  ])('refuses %o', (fields, message) => {
    const store = new PartnerAccountStore('creative-assembly', RANGE, [TEST_ACCOUNT]);
    const input = { username: 'new', email: 'new@example.test', emailVerified: true, password: '12345678' };
    const result = store.create({ ...input, ...fields });
    expect(result).toHaveProperty('error');
    expect('error' in result && result.error).toMatch(message);
  });
});
