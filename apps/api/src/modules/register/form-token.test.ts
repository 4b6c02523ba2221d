/**
 * The server-side too-fast rule (issue 17 §7; spec §4 Register, §9 "Registration minimum time on page:
 * 15000 ms"; docs/security.md "Too fast"): the register page gets a signed, expiring form token when it
 * loads (GET register/form-token); POST register/new-user refuses a form whose token is younger than
 * REGISTER_MINIMUM_TIME_ON_PAGE_MS, missing, altered or spent with ERROR_TOO_FAST, an expired one with
 * ERROR_FORM_EXPIRED, whatever TimeOnPageMs the page claims. A token serves one registration; one whose
 * registration was refused for its fields stays usable. Not applied in CREATIVE-ASSEMBLY. On every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { signedTokensKey } from '../../lib/signed-tokens.ts';
import { loadConfig } from '../../config/config.ts';
import {
  ANONYMOUS,
  STORES,
  formToken,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { countRows, expectErrors, postRegister, sleep } from '../../test/helpers.ts';

/** The minimum of the app that waits it out, ms (the spec's 15 s is the default, tested below). */
const SHORT_MINIMUM_MS = 1500;

describe('REGISTER_MINIMUM_TIME_ON_PAGE_MS', () => {
  it("defaults to the spec's 15 000 ms", () => {
    expect(loadConfig({}).registerMinimumTimeOnPageMs).toBe(15_000);
  });
});

describe.each(STORES)('the register form token on %s', (kind) => {
  let spec: TestApp;
  let short: TestApp;
  let partner: TestApp;

  beforeAll(async () => {
    [spec, short, partner] = await Promise.all([
      startTestApp(kind, { env: { REGISTER_MINIMUM_TIME_ON_PAGE_MS: '15000' } }),
      startTestApp(kind, { env: { REGISTER_MINIMUM_TIME_ON_PAGE_MS: String(SHORT_MINIMUM_MS) } }),
      startTestApp(kind, {
        env: { PORTAL_ENVIRONMENT: 'CREATIVE-ASSEMBLY', REGISTER_MINIMUM_TIME_ON_PAGE_MS: '15000' },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([spec.close(), short.close(), partner.close()]);
  });

  it('is given to the page as it loads: a signed token, not cached, for anonymous callers with the api key', async () => {
    const res = await spec.app.inject({ method: 'GET', url: '/api/register/form-token', headers: ANONYMOUS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = json<{ FormToken: string; ExpiresIn: number }>(res);
    expect(body.ExpiresIn).toBe(4 * 3600);
    expect(body.FormToken.split('.')).toHaveLength(3);
    const noKey = await spec.app.inject({ method: 'GET', url: '/api/register/form-token' });
    expect(noKey.statusCode).toBe(401);
  });

  it('refuses a form younger than 15 s, whatever TimeOnPageMs the page claims', async () => {
    const users = await countRows(spec, 'users');
    const token = await formToken(spec);
    for (const claimed of [20_000, 60_000, 1e9]) {
      expectErrors(
        await postRegister(
          spec,
          registerForm(`Hasty${claimed}`, { FormToken: token, TimeOnPageMs: claimed }),
        ),
        400,
        [['', 'ERROR_TOO_FAST']],
      );
    }
    expect(await countRows(spec, 'users')).toBe(users);
  });

  it('refuses a missing, altered or foreign token as too fast', async () => {
    const token = await formToken(spec);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const backdated = Buffer.from(JSON.stringify({ ...claims, loaded_at: Date.now() - 3_600_000 })).toString(
      'base64url',
    );
    const at = Math.floor(signature.length / 2);
    const altered = `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    const accessToken = (
      await spec.ctx.accessTokens.issue({ sub: 'x', sid: 'y', aud: 'z', scope: 'account' }, 60)
    ).jwt;
    for (const FormToken of [
      undefined,
      null,
      '',
      'not-a-token',
      `${head}.${backdated}.${signature}`,
      `${head}.${payload}.${altered}`,
      accessToken,
    ]) {
      expectErrors(await postRegister(spec, registerForm('Forger1', { FormToken })), 400, [
        ['', 'ERROR_TOO_FAST'],
      ]);
    }
  });

  it('answers ERROR_FORM_EXPIRED for a token past its lifetime', async () => {
    // A token as the API would have issued it five hours ago.
    const old = await new SignJWT({ loaded_at: Date.now() - 5 * 3_600_000 })
      .setProtectedHeader({ alg: 'HS256', kid: spec.ctx.signingKey.kid, typ: 'register-form+jwt' })
      .setIssuer(spec.config.publicUrl)
      .setAudience('guildgate:register-form')
      .setJti('expired-form')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 5 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(signedTokensKey(spec.ctx));
    expectErrors(await postRegister(spec, registerForm('Slowpoke1', { FormToken: old })), 400, [
      ['', 'ERROR_FORM_EXPIRED'],
    ]);
  });

  it('takes a form once its token is old enough, once; a form refused for its fields keeps its token', async () => {
    const token = await formToken(short);
    expectErrors(await postRegister(short, registerForm('Patient1', { FormToken: token })), 400, [
      ['', 'ERROR_TOO_FAST'],
    ]);
    await sleep(SHORT_MINIMUM_MS + 100);
    // Refused for a field: the token is not spent.
    const refused = await postRegister(
      short,
      registerForm('Patient1', { FormToken: token, ConfirmPassword: 'Other1234pass' }),
    );
    expectErrors(refused, 400, [['ConfirmPassword', 'ERROR_CONFIRM_PASSWORD_INVALID']]);
    const accepted = await postRegister(short, registerForm('Patient1', { FormToken: token }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The same token again, for another player: spent.
    expectErrors(await postRegister(short, registerForm('Patient2', { FormToken: token })), 400, [
      ['', 'ERROR_TOO_FAST'],
    ]);
  });

  it('lets exactly one of two simultaneous registrations with one token through', async () => {
    const token = await formToken(short);
    await sleep(SHORT_MINIMUM_MS + 100);
    const answers = await Promise.all([
      postRegister(short, registerForm('Twin1', { FormToken: token })),
      postRegister(short, registerForm('Twin2', { FormToken: token })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
  });

  it('does not apply the rule in CREATIVE-ASSEMBLY', async () => {
    const res = await postRegister(
      partner,
      registerForm('FastPartner2', { FormToken: null, TimeOnPageMs: 0 }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
