/**
 * The authenticator app and the log-in's second step (issue 22 §1, §2, §4; docs/security.md "Second
 * factor"), on every store: enrolment needs re-authentication; wrong, reused (same step) and expired
 * codes are refused; a recovery code works once; five wrong codes kill the ticket; a remembered device
 * skips the step, per player; removal needs re-authentication; a player without an app logs in as
 * before; the flag is on by default; with it off the calls answer 404 and the log-in is unchanged; the export holds no
 * secret. Codes are generated with otplib itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { Token } from '@guildgate/contracts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  ageProof,
  createPlayer,
  expectErrors,
  getToken,
  postLogin,
  sessionOf,
  type Player,
} from '../../test/helpers.ts';
import { randomBytes } from 'node:crypto';
import { keyRing } from '../../lib/envelope-encryption.ts';
import {
  playerDataExporter,
  rememberedDeviceCookieName,
  rewrapTotpSecrets,
  totpSecretsByKek,
} from './index.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The app's code `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: nowSeconds() + steps * 30 });

interface LoginAnswer {
  Created: string;
  SecondFactorTicket?: string;
  SecondFactorMethods?: string[];
}

const call = (t: TestApp, method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/${url}`, headers: asUser(token), ...(payload ? { payload } : {}) });

const secondFactor = (
  t: TestApp,
  payload: Record<string, unknown>,
  extra: { cookies?: Record<string, string>; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/log/second-factor',
    headers: ANONYMOUS,
    payload,
    ...(extra.cookies ? { cookies: extra.cookies } : {}),
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });

/** The `name=value` of the remembered-device cookie set by `res`, if any. */
function rememberedCookie(res: LightMyRequestResponse): { name: string; value: string } | undefined {
  const cookie = res.cookies.find((c) => c.name.startsWith('_g2g_2fa_'));
  return cookie ? { name: cookie.name, value: cookie.value } : undefined;
}

describe.each(STORES)('second factors on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let player: Player;
  let token: Token;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    [t, off] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { env: { FEATURE_AUTHENTICATOR_APP: 'false', FEATURE_PASSKEYS: 'false' } }),
    ]);
    player = await createPlayer(t, `Totp${kind}`);
    token = (await sessionOf(t, player)).token;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
  });

  /** Password step: asserts it answers a ticket and no session. */
  async function ticketOf(
    p: Player,
    extra: { remoteAddress?: string; cookies?: Record<string, string> } = {},
  ) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: p.username, Password: p.password },
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<LoginAnswer>(res);
    expect(body.Created).toBe('');
    expect(body.SecondFactorMethods).toEqual(['totp', 'recovery_code']);
    expect(body.SecondFactorTicket).toMatch(/^[\w-]{40,}$/);
    return body.SecondFactorTicket ?? '';
  }

  it('with the flags off: its calls answer 404 and the log-in is unchanged', async () => {
    const p = await createPlayer(off, `Totpoff${kind}`);
    const { token: offToken } = await sessionOf(off, p);
    expect((await call(off, 'GET', 'account/second-factors', offToken.Value)).statusCode).toBe(404);
    expect((await call(off, 'POST', 'account/second-factors/totp', offToken.Value)).statusCode).toBe(404);
    expect((await secondFactor(off, { Ticket: 'x', Code: '123456' })).statusCode).toBe(404);
    expect(Object.keys(json<LoginAnswer>(await postLogin(off, p.username, p.password)))).toEqual(['Created']);
  });

  it('starts an enrolment only after a recent re-authentication, and seals the secret', async () => {
    expect(json(await call(t, 'GET', 'account/second-factors', token.Value))).toEqual({
      Totp: false,
      TotpConfirmedAt: null,
      RecoveryCodesLeft: 0,
    });
    await ageProof(t, token.Value, 3600);
    expectErrors(await call(t, 'POST', 'account/second-factors/totp', token.Value), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
    token = (await sessionOf(t, player)).token;
    const res = await call(t, 'POST', 'account/second-factors/totp', token.Value);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ OtpauthUri: string; Secret: string; QrSvg: string }>(res);
    secret = body.Secret;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(body.OtpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(body.OtpauthUri).toContain(`secret=${secret}`);
    expect(body.QrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const row = await t.ctx.db
      .selectFrom('second_factors')
      .selectAll()
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.confirmed_at).toBeNull();
    // Pending: the log-in does not ask for it yet.
    expect(json<LoginAnswer>(await postLogin(t, player.username, player.password)).Created).not.toBe('');
  });

  it('confirms with a right code only, and answers ten recovery codes once', async () => {
    expectErrors(
      await call(t, 'POST', 'account/second-factors/totp/confirm', token.Value, { Code: '000000' }),
      400,
      [['Code', 'ERROR_SECOND_FACTOR_INVALID']],
    );
    const res = await call(t, 'POST', 'account/second-factors/totp/confirm', token.Value, {
      Code: await codeAt(secret),
    });
    expect(res.statusCode, res.body).toBe(200);
    recoveryCodes = json<{ RecoveryCodes: string[] }>(res).RecoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code.replace('-', '').length).toBeGreaterThanOrEqual(10);
    const status = json<{ Totp: boolean; RecoveryCodesLeft: number }>(
      await call(t, 'GET', 'account/second-factors', token.Value),
    );
    expect(status).toMatchObject({ Totp: true, RecoveryCodesLeft: 10 });
    const stored = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', player.id)
      .execute();
    for (const { code_hash } of stored) expect(recoveryCodes).not.toContain(code_hash);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .execute();
    expect(events.map((e) => e.type)).toContain('second_factor.added');
  });

  it('asks the second factor after the password and refuses wrong, reused and expired codes', async () => {
    const ticket = await ticketOf(player, { remoteAddress: '10.22.0.1' });
    const sessionsBefore = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', player.id)
      .execute();
    for (const code of ['123456', await codeAt(secret, -3)]) {
      // wrong; expired (three steps ago)
      expectErrors(
        await secondFactor(t, { Ticket: ticket, Code: code }, { remoteAddress: '10.22.0.1' }),
        400,
        [['Code', 'ERROR_SECOND_FACTOR_INVALID']],
      );
    }
    const sessionsAfter = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', player.id)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    const res = await secondFactor(
      t,
      { Ticket: ticket, Code: await codeAt(secret, 1) },
      { remoteAddress: '10.22.0.1' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = json<LoginAnswer>(res).Created;
    expect((await getToken(t, created)).statusCode).toBe(200);
    // The ticket is single use.
    expectErrors(await secondFactor(t, { Ticket: ticket, Code: await codeAt(secret, 1) }), 400, [
      ['', 'ERROR_SECOND_FACTOR_TICKET_INVALID'],
    ]);
    // Reused: the code that completed this log-in, and any of an earlier step, on a new ticket.
    const next = await ticketOf(player, { remoteAddress: '10.22.0.1' });
    for (const code of [await codeAt(secret, 1), await codeAt(secret)]) {
      expectErrors(await secondFactor(t, { Ticket: next, Code: code }, { remoteAddress: '10.22.0.1' }), 400, [
        ['Code', 'ERROR_SECOND_FACTOR_INVALID'],
      ]);
    }
  });

  it('shows a wrong code in Recent activity as a wrong code, at the log-in and at the step-up', async () => {
    const p = await createPlayer(t, `Totpactivity${kind}`);
    const own = (await sessionOf(t, p)).token;
    const started = json<{ Secret: string }>(await call(t, 'POST', 'account/second-factors/totp', own.Value));
    const confirm = await call(t, 'POST', 'account/second-factors/totp/confirm', own.Value, {
      Code: await codeAt(started.Secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const wrongCode = { Code: '000000' };
    expectErrors(await secondFactor(t, { Ticket: await ticketOf(p), ...wrongCode }), 400, [
      ['Code', 'ERROR_SECOND_FACTOR_INVALID'],
    ]);
    await ageProof(t, own.Value, 3600);
    const validate = json<{ SecondFactorTicket: string }>(
      await call(t, 'POST', `password/validate/user/${p.idUser}`, own.Value, { Password: p.password }),
    );
    const stepUp = await call(t, 'POST', 'account/reauthentication/second-factor', own.Value, {
      Ticket: validate.SecondFactorTicket,
      ...wrongCode,
    });
    expectErrors(stepUp, 400, [['Code', 'ERROR_SECOND_FACTOR_INVALID']]);
    const activity = json<{ Events: { Type: string }[] }>(
      await call(t, 'GET', 'account/activity', own.Value),
    );
    const types = activity.Events.map((e) => e.Type);
    expect(types).toContain('login.second_factor_failed');
    expect(types).toContain('reauthentication.second_factor_failed');
    // Its password was right: nothing says it was wrong.
    expect(types).not.toContain('login.failed');
  });

  it('takes a recovery code once, and announces its use in the audit trail', async () => {
    const first = await secondFactor(t, {
      Ticket: await ticketOf(player),
      RecoveryCode: recoveryCodes[0].toUpperCase(),
    });
    expect(first.statusCode, first.body).toBe(200);
    expectErrors(
      await secondFactor(t, { Ticket: await ticketOf(player), RecoveryCode: recoveryCodes[0] }),
      400,
      [['RecoveryCode', 'ERROR_SECOND_FACTOR_INVALID']],
    );
    const status = json<{ RecoveryCodesLeft: number }>(
      await call(t, 'GET', 'account/second-factors', token.Value),
    );
    expect(status.RecoveryCodesLeft).toBe(9);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .execute();
    expect(events.map((e) => e.type)).toContain('recovery_code.used');
  });

  it('kills a ticket after five wrong codes', async () => {
    const ticket = await ticketOf(player, { remoteAddress: '10.22.0.5' });
    for (let i = 0; i < 5; i++) {
      const res = await secondFactor(t, { Ticket: ticket, Code: '000000' }, { remoteAddress: '10.22.0.5' });
      expectErrors(res, 400, [['Code', 'ERROR_SECOND_FACTOR_INVALID']]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await secondFactor(
      t,
      { Ticket: ticket, RecoveryCode: recoveryCodes[1] },
      { remoteAddress: '10.22.0.5' },
    );
    expectErrors(res, 400, [['', 'ERROR_SECOND_FACTOR_TICKET_INVALID']]);
  });

  it('skips the step on a remembered device, for that player only', async () => {
    const res = await secondFactor(t, {
      Ticket: await ticketOf(player),
      RecoveryCode: recoveryCodes[2],
      RememberDevice: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = rememberedCookie(res);
    expect(cookie).toBeDefined();
    const setCookie = res.cookies.find((c) => c.name === cookie?.name);
    expect(setCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/log',
      maxAge: 30 * 86_400,
    });
    const cookies = { [cookie?.name ?? '']: cookie?.value ?? '' };
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: player.username, Password: player.password },
      cookies,
    });
    expect(json<LoginAnswer>(again).Created).not.toBe('');
    expect(json<LoginAnswer>(again).SecondFactorTicket).toBeUndefined();

    // Another player with an app: this player's remembered device does not skip theirs.
    const other = await createPlayer(t, `Totpother${kind}`);
    const otherToken = (await sessionOf(t, other)).token;
    const enrol = json<{ Secret: string }>(
      await call(t, 'POST', 'account/second-factors/totp', otherToken.Value),
    );
    expect(
      (
        await call(t, 'POST', 'account/second-factors/totp/confirm', otherToken.Value, {
          Code: await codeAt(enrol.Secret),
        })
      ).statusCode,
    ).toBe(200);
    await ticketOf(other, { cookies });
    // Even under the other player's cookie name: the token names this player.
    await ticketOf(other, { cookies: { [rememberedDeviceCookieName(other.idUser)]: cookie?.value ?? '' } });
  });

  it('steps up deletion: the password alone answers a ticket, the deletion waits for the code', async () => {
    const leaver = await createPlayer(t, `Totpleaver${kind}`);
    const own = (await sessionOf(t, leaver)).token;
    const started = json<{ Secret: string }>(await call(t, 'POST', 'account/second-factors/totp', own.Value));
    const confirm = await call(t, 'POST', 'account/second-factors/totp/confirm', own.Value, {
      Code: await codeAt(started.Secret, -1),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const deletion = {
      Password: leaver.password,
      Email: leaver.email,
      Id_DeletionType: null,
      DeletionReason: null,
    };
    await ageProof(t, own.Value, 3600);
    const validate = await call(t, 'POST', `password/validate/user/${leaver.idUser}`, own.Value, {
      Password: leaver.password,
    });
    const step = json<{ Success: boolean; SecondFactorTicket: string; SecondFactorMethods: string[] }>(
      validate,
    );
    expect(step).toMatchObject({ Success: true, SecondFactorMethods: ['totp', 'recovery_code'] });
    expectErrors(await call(t, 'POST', `deletion/user/${leaver.idUser}`, own.Value, deletion), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
    const reauthenticate = (payload: Record<string, unknown>) =>
      call(t, 'POST', 'account/reauthentication/second-factor', own.Value, {
        Ticket: step.SecondFactorTicket,
        ...payload,
      });
    expectErrors(await reauthenticate({ Code: '000000' }), 400, [['Code', 'ERROR_SECOND_FACTOR_INVALID']]);
    expect((await call(t, 'POST', `deletion/user/${leaver.idUser}`, own.Value, deletion)).statusCode).toBe(
      400,
    );
    const done = await reauthenticate({ Code: await codeAt(started.Secret) });
    expect(done.statusCode, done.body).toBe(200);
    expectErrors(await reauthenticate({ Code: await codeAt(started.Secret, 1) }), 400, [
      ['', 'ERROR_SECOND_FACTOR_TICKET_INVALID'],
    ]);
    const deleted = await call(t, 'POST', `deletion/user/${leaver.idUser}`, own.Value, deletion);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('regenerates the recovery codes and removes the app only after a recent re-authentication', async () => {
    await ageProof(t, token.Value, 3600);
    for (const url of ['account/second-factors/recovery-codes', 'account/second-factors/totp/remove']) {
      expectErrors(await call(t, 'POST', url, token.Value), 400, [['', 'ERROR_REAUTHENTICATION_REQUIRED']]);
    }
    // The password proof: a new session (log-in with a remembered device is not possible here: no cookie).
    const ticket = await ticketOf(player);
    const created = json<LoginAnswer>(
      await secondFactor(t, { Ticket: ticket, RecoveryCode: recoveryCodes[3] }),
    ).Created;
    token = json<Token>(await getToken(t, created));
    const regenerated = json<{ RecoveryCodes: string[] }>(
      await call(t, 'POST', 'account/second-factors/recovery-codes', token.Value),
    );
    expect(regenerated.RecoveryCodes).toHaveLength(10);
    expectErrors(
      await secondFactor(t, { Ticket: await ticketOf(player), RecoveryCode: recoveryCodes[4] }),
      400,
      [['RecoveryCode', 'ERROR_SECOND_FACTOR_INVALID']],
    );
    const removed = await call(t, 'POST', 'account/second-factors/totp/remove', token.Value);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await t.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', player.id).execute(),
    ).toEqual([]);
    expect(Object.keys(json<LoginAnswer>(await postLogin(t, player.username, player.password)))).toEqual([
      'Created',
    ]);
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['recovery_codes.regenerated', 'second_factor.removed']),
    );
  });

  it('re-wraps the sealed secrets under a new key-encryption key (npm run keys -- rewrap)', async () => {
    const rotated = keyRing([{ id: 'rotated', key: randomBytes(32) }]);
    const before = await totpSecretsByKek(t.ctx.db, rotated);
    expect(before.rotated).toBeUndefined();
    const count = await rewrapTotpSecrets(t.ctx.db, rotated);
    expect(count).toBeGreaterThan(0);
    const after = await totpSecretsByKek(t.ctx.db, rotated);
    expect(Object.keys(after)).toEqual(['rotated']);
    expect(await rewrapTotpSecrets(t.ctx.db, rotated)).toBe(0);
  });

  it('exports whether an app is enrolled, never its secret nor the codes', async () => {
    const p = await createPlayer(t, `Totpexport${kind}`);
    const pToken = (await sessionOf(t, p)).token;
    const enrol = json<{ Secret: string }>(
      await call(t, 'POST', 'account/second-factors/totp', pToken.Value),
    );
    const codes = json<{ RecoveryCodes: string[] }>(
      await call(t, 'POST', 'account/second-factors/totp/confirm', pToken.Value, {
        Code: await codeAt(enrol.Secret),
      }),
    ).RecoveryCodes;
    const exported = await playerDataExporter.exportPlayerData(t.ctx.db, { id: p.id, idUser: p.idUser });
    expect(exported.secondFactors).toMatchObject({ authenticatorApp: true, recoveryCodesLeft: 10 });
    const text = JSON.stringify(exported);
    const rows = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', p.id)
      .execute();
    const sealed = await t.ctx.db
      .selectFrom('second_factors')
      .select('secret_sealed')
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    for (const secretText of [
      enrol.Secret,
      sealed.secret_sealed,
      ...codes,
      ...rows.map((r) => r.code_hash),
    ]) {
      expect(text).not.toContain(secretText);
    }
  });
});

describe.each(STORES)('second factor and the log-in throttle on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { FEATURE_AUTHENTICATOR_APP: 'true', LOGIN_ACCOUNT_FAILURES: '3' },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('counts a wrong code as a failed log-in attempt of the account', async () => {
    const player = await createPlayer(t, `Totpthrottle${kind}`);
    const { token } = await sessionOf(t, player);
    const { Secret } = json<{ Secret: string }>(
      await call(t, 'POST', 'account/second-factors/totp', token.Value),
    );
    const confirm = await call(t, 'POST', 'account/second-factors/totp/confirm', token.Value, {
      Code: await codeAt(Secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const logIn = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/log/log-in',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: player.username, Password: player.password },
        remoteAddress,
      });
    const ticket = json<LoginAnswer>(await logIn('10.23.0.1')).SecondFactorTicket ?? '';
    for (let i = 0; i < 3; i++) {
      expectErrors(
        await secondFactor(t, { Ticket: ticket, Code: '000000' }, { remoteAddress: '10.23.0.1' }),
        400,
        [['Code', 'ERROR_SECOND_FACTOR_INVALID']],
      );
    }
    // The account's failures across addresses are spent: a new device is held off, password or not.
    const res = await logIn('10.23.0.2');
    expectErrors(res, 429, [['', 'ERROR_RATE_LIMITED']]);
  });
});
