/**
 * The single-use token store (issue 20 §3) on SQLite and PostgreSQL: a token is found while usable,
 * claimed at most once — also by concurrent claims — never after its expiry, only within its kind's
 * scope; and a player's tokens can be spent or deleted at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer } from '../../test/helpers.ts';
import { isoIn, isoNow } from '../../lib/time.ts';
import {
  claimToken,
  deleteTokensOf,
  findToken,
  findUsableToken,
  issueToken,
  spendTokensOf,
  tokenHash,
  tokenStatus,
  type SingleUseTokenKind,
} from './index.ts';

const ACCESS_KEYS: SingleUseTokenKind<'access_keys'> = {
  table: 'access_keys',
  hashColumn: 'key_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'used_at',
};

function emailLinks(purpose?: string): SingleUseTokenKind<'email_tokens'> {
  return {
    table: 'email_tokens',
    hashColumn: 'token_hash',
    expiresColumn: 'expires_at',
    usedColumn: 'used_at',
    playerColumn: 'user_id',
    ...(purpose === undefined ? {} : { scope: { column: 'purpose', value: purpose } }),
  };
}

const newKey = (t: TestApp, expiresAt: string | null) =>
  issueToken(t.ctx.db, ACCESS_KEYS, {
    note: 'store test',
    created_at: isoNow(),
    expires_at: expiresAt,
    used_at: null,
    used_by_user_id: null,
  });

describe.each(STORES)('single-use token store on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(store);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps only the hash, finds a usable token, and claims it once', async () => {
    const token = await newKey(t, isoIn(60_000));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await findUsableToken(t.ctx.db, ACCESS_KEYS, token);
    expect(row?.key_hash).toBe(tokenHash(token));
    expect(row?.key_hash).not.toBe(token);

    const claimed = await claimToken(t.ctx.db, ACCESS_KEYS, token, { also: { note: 'claimed' } });
    expect(claimed?.used_at).not.toBeNull();
    expect(claimed?.note).toBe('claimed');
    expect(await claimToken(t.ctx.db, ACCESS_KEYS, token)).toBeUndefined();
    expect(await findUsableToken(t.ctx.db, ACCESS_KEYS, token)).toBeUndefined();
    const used = await findToken(t.ctx.db, ACCESS_KEYS, { hash: tokenHash(token) });
    expect(used && tokenStatus(ACCESS_KEYS, used)).toEqual({ used: true, expired: false });
  });

  it('lets exactly one of concurrent claims win', async () => {
    const token = await newKey(t, null);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.ctx.db.transaction().execute((trx) => claimToken(trx, ACCESS_KEYS, token)),
      ),
    );
    expect(results.filter((row) => row !== undefined)).toHaveLength(1);
  });

  it('never claims an expired token; a token without expiry stays usable', async () => {
    const expired = await newKey(t, isoIn(-1000));
    expect(await findUsableToken(t.ctx.db, ACCESS_KEYS, expired)).toBeUndefined();
    expect(await claimToken(t.ctx.db, ACCESS_KEYS, expired)).toBeUndefined();
    const row = await findToken(t.ctx.db, ACCESS_KEYS, expired);
    expect(row && tokenStatus(ACCESS_KEYS, row)).toEqual({ used: false, expired: true });
    const forever = await newKey(t, null);
    expect(await findUsableToken(t.ctx.db, ACCESS_KEYS, forever)).toBeDefined();
  });

  it('looks within the kind’s scope, and spends or deletes a player’s tokens', async () => {
    const player = await createPlayer(t, `tokens${store}`);
    const values = (purpose: string) => ({
      user_id: player.id,
      purpose,
      payload: null,
      created_at: isoNow(),
      expires_at: isoIn(60_000),
      used_at: null,
    });
    const recovery = await issueToken(t.ctx.db, emailLinks('password_recovery'), values('password_recovery'));
    const confirm = await issueToken(
      t.ctx.db,
      emailLinks('email_update_confirm'),
      values('email_update_confirm'),
    );
    expect(await findToken(t.ctx.db, emailLinks('email_update_confirm'), recovery)).toBeUndefined();
    expect(await claimToken(t.ctx.db, emailLinks('email_update_confirm'), recovery)).toBeUndefined();

    await spendTokensOf(t.ctx.db, emailLinks('password_recovery'), player.id);
    expect(await findUsableToken(t.ctx.db, emailLinks('password_recovery'), recovery)).toBeUndefined();
    expect(await findUsableToken(t.ctx.db, emailLinks('email_update_confirm'), confirm)).toBeDefined();

    await deleteTokensOf(t.ctx.db, emailLinks(), player.id);
    expect(await findToken(t.ctx.db, emailLinks(), confirm)).toBeUndefined();
    expect(await findToken(t.ctx.db, emailLinks(), recovery)).toBeUndefined();
  });
});
