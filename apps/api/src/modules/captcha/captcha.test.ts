/**
 * The captcha (spec §4 actions login and register; §5 Captcha's three messages; §7 POST recaptcha/verify,
 * POST profile/validate), against the sandbox's reCAPTCHA stand-in over real HTTP: tokens are asked of
 * the sandbox as the stand-in script does, with the verdict cookie a test sets to make the verifier see
 * a bot or fail. Each log-in call and registration needs a human's token of its action; a token is
 * single-use, also after POST recaptcha/verify; with the flag off nothing is asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS,
  STORES,
  TEST_CAPTCHA_KEYS,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { createPlayer, expectErrors, postRegister, type Player } from '../../test/helpers.ts';
import { closeOpened } from '../../test/throwaway-services.ts';

type Verdict = 'human' | 'bot' | 'unavailable';

/** A reCAPTCHA token from the sandbox for `action`, issued to a browser whose verdict is `verdict`. */
async function captchaToken(
  t: TestApp,
  action: string,
  verdict: Verdict = 'human',
  siteKey: string = TEST_CAPTCHA_KEYS.siteKey,
): Promise<string> {
  const url = `${t.sandboxUrl}/recaptcha/api/token?k=${encodeURIComponent(siteKey)}&action=${encodeURIComponent(action)}`;
  const res = await fetch(url, { headers: { cookie: `sandbox_recaptcha_verdict=${verdict}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const post = (t: TestApp, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: ANONYMOUS, payload });

describe.each(STORES)('captcha on %s', (kind) => {
  let t: TestApp;
  let player: Player;
  let seq = 0;
  const newName = () => `Captcha${(seq += 1)}`;

  beforeAll(async () => {
    t = await startTestApp(kind, { captcha: true });
    // Players are made with the captcha on too: their registration carries a human's token.
    player = await createPlayer(t, 'CaptchaPlayer', {
      form: { ReCAPTCHAToken: await captchaToken(t, 'register') },
    });
  });
  afterAll(() => closeOpened(t));

  const identify = (Token: unknown) => post(t, 'log/identify', { UsernameOrEmail: player.username, Token });
  const logIn = (Token: unknown) =>
    post(t, 'log/log-in', { UsernameOrEmail: player.username, Password: player.password, Token });
  const logInUser = (Token: unknown) =>
    post(t, `log/user/${player.idUser}/log-in`, { Password: player.password, Token });

  it('lets every log-in call through with a human token of the action login', async () => {
    expect((await identify(await captchaToken(t, 'login'))).statusCode).toBe(200);
    const oneStep = await logIn(await captchaToken(t, 'login'));
    expect(oneStep.statusCode, oneStep.body).toBe(200);
    expect(json<{ Created: string }>(oneStep).Created).toMatch(/\S{20,}/);
    expect((await logInUser(await captchaToken(t, 'login'))).statusCode).toBe(200);
  });

  it("answers 'You are not allowed to log in.' without a token, with a bot's, or with a register token", async () => {
    for (const call of [identify, logIn, logInUser]) {
      expectErrors(await call(undefined), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
      expectErrors(await call('  '), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
      expectErrors(await call('not-a-token'), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
      expectErrors(await call(await captchaToken(t, 'login', 'bot')), 400, [
        ['', 'ERROR_CAPTCHA_LOGIN_INVALID'],
      ]);
      expectErrors(await call(await captchaToken(t, 'register')), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
    }
  });

  it("answers 'An error occured. Please try again later.' when the verifier fails", async () => {
    for (const call of [identify, logIn, logInUser]) {
      expectErrors(await call(await captchaToken(t, 'login', 'unavailable')), 400, [
        ['', 'ERROR_CAPTCHA_VERIFY_FAILED'],
      ]);
    }
    const form = registerForm(newName(), {
      ReCAPTCHAToken: await captchaToken(t, 'register', 'unavailable'),
    });
    expectErrors(await postRegister(t, form), 400, [['', 'ERROR_CAPTCHA_VERIFY_FAILED']]);
  });

  it('refuses a token used once already', async () => {
    const token = await captchaToken(t, 'login');
    expect((await identify(token)).statusCode).toBe(200);
    expectErrors(await logIn(token), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
  });

  it("registers with a human's register token only: 'You're not allowed to create an account.' otherwise", async () => {
    for (const token of [
      undefined,
      await captchaToken(t, 'register', 'bot'),
      await captchaToken(t, 'login'),
    ]) {
      const form = registerForm(newName(), { ReCAPTCHAToken: token });
      expectErrors(await postRegister(t, form), 400, [['', 'ERROR_CAPTCHA_REGISTER_INVALID']]);
      expect(
        await t.ctx.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', form.Username as string)
          .executeTakeFirst(),
      ).toBeUndefined();
    }
    const form = registerForm(newName(), { ReCAPTCHAToken: await captchaToken(t, 'register') });
    expect((await postRegister(t, form)).statusCode).toBe(201);
  });

  it('POST recaptcha/verify answers Success and IsValid, and the verified token works once more', async () => {
    const verify = async (Token: unknown) =>
      json<{ Success: boolean; IsValid: boolean }>(await post(t, 'recaptcha/verify', { Token }));
    expect(await verify(await captchaToken(t, 'register', 'bot'))).toEqual({ Success: true, IsValid: false });
    expect(await verify(await captchaToken(t, 'register', 'unavailable'))).toEqual({
      Success: false,
      IsValid: false,
    });
    expect(await verify('')).toEqual({ Success: true, IsValid: false });
    const token = await captchaToken(t, 'register');
    expect(await verify(token)).toEqual({ Success: true, IsValid: true });
    // Verified for register: not a log-in token, and one registration only.
    expectErrors(await logIn(token), 400, [['', 'ERROR_CAPTCHA_LOGIN_INVALID']]);
    const first = registerForm(newName(), { ReCAPTCHAToken: token });
    expect((await postRegister(t, first)).statusCode).toBe(201);
    const second = registerForm(newName(), { ReCAPTCHAToken: token });
    expectErrors(await postRegister(t, second), 400, [['', 'ERROR_CAPTCHA_REGISTER_INVALID']]);
    // A verified token is spent once even when two calls race with it.
    const raced = await captchaToken(t, 'login');
    expect(await verify(raced)).toEqual({ Success: true, IsValid: true });
    const results = await Promise.all([identify(raced), identify(raced), identify(raced)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('POST profile/validate answers Success, and 400 ERROR_CAPTCHA_VERIFY_FAILED when the verifier fails', async () => {
    const validate = (Token: unknown) => post(t, 'profile/validate', { Token });
    expect(json(await validate(await captchaToken(t, 'login')))).toEqual({ Success: true });
    expect(json(await validate(await captchaToken(t, 'login', 'bot')))).toEqual({ Success: false });
    expect(json(await validate(null))).toEqual({ Success: false });
    expectErrors(await validate(await captchaToken(t, 'login', 'unavailable')), 400, [
      ['', 'ERROR_CAPTCHA_VERIFY_FAILED'],
    ]);
  });

  it('treats a verifier that refuses our secret as unavailable, not as a bot', async () => {
    const misconfigured = await startTestApp(kind, {
      captcha: true,
      env: { CAPTCHA_SECRET_KEY: 'not-the-secret' },
    });
    try {
      const res = await misconfigured.app.inject({
        method: 'POST',
        url: '/api/log/identify',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: 'anyone', Token: await captchaToken(misconfigured, 'login') },
      });
      expectErrors(res, 400, [['', 'ERROR_CAPTCHA_VERIFY_FAILED']]);
    } finally {
      await misconfigured.close();
    }
  });
});

describe('captcha off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => closeOpened(t));

  it('asks for no token, and the captcha calls answer that all is well', async () => {
    const player = await createPlayer(t, 'NoCaptcha');
    const res = await post(t, 'log/log-in', { UsernameOrEmail: player.username, Password: player.password });
    expect(res.statusCode).toBe(200);
    expect(json(await post(t, 'recaptcha/verify', { Token: 'x' }))).toEqual({ Success: true, IsValid: true });
    expect(json(await post(t, 'profile/validate', { Token: 'x' }))).toEqual({ Success: true });
  });

  it('validates the body with the contract: a non-string Token is the §8 400', async () => {
    const res = await post(t, 'recaptcha/verify', { Token: 42 });
    expect(res.statusCode).toBe(400);
    expect(json<{ ErrorMessages: { Property: string }[] }>(res).ErrorMessages[0]?.Property).toBe('Token');
  });
});
