/**
 * The partner studios' sign-on over real HTTP against the sandbox's Creative Assembly ID and Focus ID
 * (spec §1, §4 partner registration flow, §7 partner calls), on every store: a new player signs in,
 * confirms a username, registers and logs in with the ticket; a returning one goes straight through;
 * an unverified partner account gets its identity only; states, codes and tickets are single use and
 * bound to their partner; the identity is the partner's, never the body's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, json, type TestApp } from '../../test/harness.ts';
import { createPlayer } from '../../test/helpers.ts';
import { callbackOf, createAccountAt, signInAt, TestBrowser } from '@guildgate/sandbox/testing';
import { startLinkingApp } from '../linking/test-support.ts';

const PASSWORD = 'Partner2024!';

describe.each(STORES)('partner sign-on on %s', (kind) => {
  let focus: TestApp;
  let local: TestApp;

  beforeAll(async () => {
    focus = await startLinkingApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS' } });
    local = await startLinkingApp(kind, { env: { PORTAL_ENVIRONMENT: 'local' } });
  });
  afterAll(async () => {
    await focus.close();
    await local.close();
  });

  const call = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/${url}`, headers: ANONYMOUS, payload: payload as object });
  const codeOf = (res: { body: string }) =>
    (JSON.parse(res.body) as { ErrorMessages: Array<{ ErrorMessage: string }> }).ErrorMessages[0]
      ?.ErrorMessage;

  /** login-url, then the sandbox sign-in as `username`: the address the partner sends the browser to. */
  async function signIn(t: TestApp, username: string, partner = 'focus'): Promise<URL> {
    const res = await call(t, 'POST', `partner/${partner}/login-url`, { ClientId: null, RedirectUrl: null });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(json<{ URL: string }>(res).URL);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/oauth/partner');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    return callbackOf(await signInAt(new TestBrowser(), url, { username, password: PASSWORD }));
  }
  const callback = (t: TestApp, at: URL, path = 'focus/oauth/partner') =>
    call(t, 'GET', `${path}?${at.searchParams.toString()}`);

  it('registers a new player after Confirm username, logs them in once with the ticket, then lets them straight through', async () => {
    const first = await callback(focus, await signIn(focus, 'focus-bob'));
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first)).toEqual({
      Created: null,
      CreateAccount: true,
      Validated: true,
      SSOId: 8200001,
      SSOEmail: 'bob@focus.test',
      Username: 'focus-bob',
    });
    // Each sign-on of a new player waits for registration on its own state.
    const at = await signIn(focus, 'focus-bob');
    const pending = await callback(focus, at);
    expect(json<{ CreateAccount: boolean }>(pending).CreateAccount).toBe(true);
    const form = {
      State: at.searchParams.get('state'),
      Username: 'BobFromFocus',
      ApprovePrivacyPolicy: true,
      ApproveEULA: true,
      ApproveCodeOfConduct: true,
      Email: 'bob@focus.test',
      Id_SSO: 8200001,
      Partner: 'FOCUS',
    };
    const registered = await call(focus, 'POST', 'partner/user/register', form);
    expect(registered.statusCode, registered.body).toBe(200);
    const ticket = json<{ Created: string }>(registered).Created;
    expect(codeOf(await call(focus, 'POST', 'partner/user/register', form))).toBe(
      'ERROR_PARTNER_SIGN_ON_INVALID',
    );
    const login = await call(focus, 'GET', `partner/user/${ticket}/log-in`);
    expect(login.statusCode, login.body).toBe(200);
    const identity = json<{ Created: string }>(login).Created;
    expect(identity).not.toBe(ticket);
    expect(codeOf(await call(focus, 'GET', `partner/user/${ticket}/log-in`))).toBe(
      'ERROR_PARTNER_SIGN_ON_INVALID',
    );
    const token = await call(focus, 'GET', `token/${identity}`);
    expect(token.statusCode).toBe(200);
    expect(json<{ Validated: boolean }>(token).Validated).toBe(true);
    const player = await call(focus, 'POST', 'log/identify', { UsernameOrEmail: 'BobFromFocus' });
    expect(json(player)).toMatchObject({ AuthType: 2, AuthPartner: 'Focus', Username: 'BobFromFocus' });

    const returning = await callback(focus, await signIn(focus, 'bob@focus.test'));
    expect(returning.statusCode, returning.body).toBe(200);
    const answer = json<{ Created: string | null; CreateAccount: boolean }>(returning);
    expect(answer.CreateAccount).toBe(false);
    expect((await call(focus, 'GET', `token/${answer.Created}`)).statusCode).toBe(200);
  });

  it('answers the identity only for a partner account whose e-mail is not verified', async () => {
    const res = await callback(focus, await signIn(focus, 'focus-unverified'));
    expect(json(res)).toEqual({
      Created: null,
      CreateAccount: false,
      Validated: false,
      SSOId: 8200002,
      SSOEmail: 'unverified@focus.test',
      Username: 'focus-unverified',
    });
  });

  it('takes a state once, for its own partner only, and refuses missing, unknown, cancelled and forged answers', async () => {
    const at = await signIn(focus, 'focus-bob');
    const wrongPartner = await callback(focus, at, 'creativeassembly/oauth/partner');
    expect(codeOf(wrongPartner)).toBe('ERROR_PARTNER_SIGN_ON_INVALID');
    expect((await callback(focus, at)).statusCode).toBe(200);
    expect(codeOf(await callback(focus, at))).toBe('ERROR_PARTNER_SIGN_ON_INVALID');
    expect(codeOf(await call(focus, 'GET', 'focus/oauth/partner?code=x'))).toBe('ERROR_STATE_EMPTY');
    expect(codeOf(await call(focus, 'GET', 'focus/oauth/partner?code=x&state=unknown'))).toBe(
      'ERROR_PARTNER_SIGN_ON_INVALID',
    );
    const forged = await signIn(focus, 'focus-bob');
    forged.searchParams.set('code', 'forged-code');
    const refused = await callback(focus, forged);
    expect(refused.statusCode).toBe(400);
    expect(codeOf(refused)).toBe('ERROR_PARTNER_RESPONSE_ERROR');
    const start = await call(focus, 'POST', 'partner/focus/login-url', {});
    const state = new URL(json<{ URL: string }>(start).URL).searchParams.get('state')!;
    const cancelled = await call(focus, 'GET', `focus/oauth/partner?error=access_denied&state=${state}`);
    expect(codeOf(cancelled)).toBe('ERROR_PARTNER_RESPONSE_ERROR');
  });

  it('registers only the identity the partner verified, with the consents and a valid free username', async () => {
    const at = await signIn(focus, 'focus-bob');
    // focus-bob registered in the first test: this sign-on logs in. Use a fresh partner account.
    expect(json<{ CreateAccount: boolean }>(await callback(focus, at)).CreateAccount).toBe(false);
    const carolUrl = await (async () => {
      const res = await call(focus, 'POST', 'partner/focus/login-url', {});
      const url = new URL(json<{ URL: string }>(res).URL);
      return callbackOf(
        await createAccountAt(new TestBrowser(), url, {
          username: `carol${kind}`,
          email: `carol.${kind}@focus.test`,
          password: PASSWORD,
        }),
      );
    })();
    expect(json<{ CreateAccount: boolean }>(await callback(focus, carolUrl)).CreateAccount).toBe(true);
    const State = carolUrl.searchParams.get('state');
    const base = { State, Username: 'CarolPlays', ApprovePrivacyPolicy: true, ApproveEULA: true };
    const post = (body: object) => call(focus, 'POST', 'partner/user/register', body);
    expect(codeOf(await post({ ...base, Email: 'someone.else@focus.test' }))).toBe(
      'ERROR_PARTNER_RESPONSE_ERROR',
    );
    expect(codeOf(await post({ ...base, Id_SSO: 1 }))).toBe('ERROR_PARTNER_RESPONSE_ERROR');
    expect(codeOf(await post({ ...base, Partner: 'CREATIVE-ASSEMBLY' }))).toBe(
      'ERROR_PARTNER_RESPONSE_ERROR',
    );
    expect(codeOf(await post({ ...base, Additional: true }))).toBe('ERROR_REGISTER_INVALID');
    expect(codeOf(await post({ ...base, State: '' }))).toBe('ERROR_STATE_EMPTY');
    const noConsent = await post({ ...base, ApprovePrivacyPolicy: false, ApproveEULA: false, Username: 'a' });
    expect(json<{ ErrorMessages: unknown[] }>(noConsent).ErrorMessages).toEqual([
      { Property: 'Username', ErrorMessage: 'ERROR_USERNAME_LENGTH' },
      { Property: 'ApprovePrivacyPolicy', ErrorMessage: 'ERROR_APPROVE_PRIVACY_POLICY' },
      { Property: 'ApproveEULA', ErrorMessage: 'ERROR_APPROVE_EULA' },
    ]);
    expect(codeOf(await post({ ...base, Username: 'BobFromFocus' }))).toBe('ERROR_USERNAME_EXIST');
    expect((await post(base)).statusCode).toBe(200);
  });

  it('signs an AuthType 2 player in from another environment with partner/login-url and partner/log-in', async () => {
    const newcomer = await callback(local, await signIn(local, 'focus-bob'), 'partner/log-in');
    expect(codeOf(newcomer)).toBe('ERROR_USER_UNKNOWN');
    const regular = await createPlayer(local, 'RegularPlayer1');
    const refused = await call(local, 'POST', 'partner/login-url', { Id_User: regular.idUser });
    expect(codeOf(refused)).toBe('ERROR_PARTNER_UNKNOWN');
    await local.ctx.db
      .updateTable('users')
      .set({ auth_type: 2, auth_partner: 'Focus', sso_id: '8200001' })
      .where('id_user', '=', regular.idUser)
      .execute();
    const res = await call(local, 'POST', 'partner/login-url?clientId=x', { Id_User: regular.idUser });
    const url = new URL(json<{ URL: string }>(res).URL);
    expect(url.searchParams.get('login_hint')).toBe('RegularPlayer1');
    const at = callbackOf(
      await signInAt(new TestBrowser(), url, { username: 'focus-bob', password: PASSWORD }),
    );
    const signedIn = await callback(local, at, 'partner/log-in');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(json<{ Created: string | null }>(signedIn).Created).toBeTruthy();
  });

  it('names unknown partners and unconfigured ones with their own codes', async () => {
    expect(codeOf(await call(focus, 'POST', 'partner/nobody/login-url', {}))).toBe('ERROR_PARTNER_UNKNOWN');
    expect(codeOf(await call(focus, 'GET', 'partner/nobody/register-url'))).toBe('ERROR_PARTNER_UNKNOWN');
    const register = await call(focus, 'GET', 'partner/focus/register-url');
    expect(new URL(json<{ URL: string }>(register).URL).searchParams.get('screen_hint')).toBe('signup');
    const bare = await startLinkingApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS', FOCUS_CLIENT_ID: '' } });
    try {
      const down = await call(bare, 'POST', 'partner/focus/login-url', {});
      expect(down.statusCode).toBe(503);
      expect(codeOf(down)).toBe('ERROR_PARTNER_NOT_REACHABLE');
    } finally {
      await bare.close();
    }
  });
});
