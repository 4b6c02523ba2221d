/**
 * "Create a test account" on the partner studios' sign-in pages (DESIGN.md §1; spec §2 `/unverified-account`
 * needs unverified partner players): fresh accounts, verified or not, with ids derived from the name, signed
 * in at once and able to sign in again; refusals with an alert.
 */
import { describe, expect, it } from 'vitest';
import {
  authorizationRequest,
  callbackOf,
  createAccountAt,
  exchange,
  signInAt,
  TestBrowser,
} from '../shared/oidc-test-kit.ts';
import { CREATIVE_ASSEMBLY_STUDIO, FOCUS_STUDIO, partnerAccountIdFor } from './index.ts';
import {
  ALL_SCOPES as SCOPE,
  PARTNER_REDIRECT_URI as REDIRECT_URI,
  usePartnerSandbox,
} from './test-support.ts';

const partner = usePartnerSandbox();
const relyingParty = partner.relyingParty;

describe('Create a test account', () => {
  it('creates an unverified account with an id from its name, signs it in, and it can sign in again', async () => {
    const { issuer, config } = await relyingParty();
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const account = {
      username: 'Fresh.Player',
      email: 'fresh.player@example.test',
      emailVerified: false,
      password: 'correct horse',
    };
    const callback = callbackOf(await createAccountAt(new TestBrowser(), request.url, account));
    const id = partnerAccountIdFor('creative-assembly', 'fresh.player', CREATIVE_ASSEMBLY_STUDIO.idRange);
    expect(id).toMatch(/^7[2-9]\d{5}$/);
    const claims = {
      sub: id,
      preferred_username: 'Fresh.Player',
      email: account.email,
      email_verified: false,
    };
    expect((await exchange(config, request, callback)).claims()).toMatchObject(claims);

    const again = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const credentials = { username: 'fresh.player', password: account.password };
    const tokens = await exchange(
      config,
      again,
      callbackOf(await signInAt(new TestBrowser(), again.url, credentials)),
    );
    expect(tokens.claims()).toMatchObject(claims);
    expect(await (await fetch(issuer)).text()).toContain(id);
  });

  it('creates verified accounts by default, per studio', async () => {
    const { config } = await relyingParty(FOCUS_STUDIO);
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const account = { username: 'focus-new', email: 'new@focus.test', password: 'longenough' };
    const callback = callbackOf(await createAccountAt(new TestBrowser(), request.url, account));
    const tokens = await exchange(config, request, callback);
    expect(tokens.claims()).toMatchObject({ email_verified: true });
    expect(tokens.claims()?.sub).toMatch(/^8[3-9]\d{5}$/);
  });

  it.each([
    [{ username: 'CA-Alice', email: 'other@example.test' }, 'This username is already taken.'],
    [
      { username: 'someone', email: 'ALICE@creative-assembly.test' },
      'An account with this email already exists.',
    ],
    [{ username: 'a b<', email: 'x@example.test' }, 'Invalid username'],
    [{ username: 'someone', email: 'not-an-email' }, 'Invalid email'],
    [{ username: 'someone', email: 'x@example.test', password: 'short' }, 'Invalid password'],
  ])('refuses %o with 400 and an alert, keeping the values', async (fields, message) => {
    const { config } = await relyingParty();
    const request = await authorizationRequest(config, REDIRECT_URI, SCOPE);
    const account = { password: 'long enough', emailVerified: false, ...fields };
    const outcome = await createAccountAt(new TestBrowser(), request.url, account);
    if ('callback' in outcome) throw new Error('account created');
    expect(outcome.status).toBe(400);
    expect(outcome.page).toContain(`<p role="alert" id="create-error"><strong>${message}`);
    expect(outcome.page).not.toContain('a b<');
    expect(outcome.page).not.toMatch(/name="email_verified"\s+value="on"\s+style="min-width: 0"\s+checked/);
    expect(outcome.page).not.toContain('long enough');
  });
});
