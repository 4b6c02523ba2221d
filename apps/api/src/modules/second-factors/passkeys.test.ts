/**
 * Passkeys (issue 22 §3, §4; docs/security.md "Passkeys") on every store, with a software authenticator
 * (test/software-authenticator.ts) answering the API's options as a browser would, so
 * `@simplewebauthn/server` verifies real signatures: adding one needs a recent re-authentication and
 * gives the first factor's recovery codes; a passwordless log-in opens a session; replayed registration
 * and assertion responses are refused (single-use challenges); a counter that does not grow is refused;
 * user verification is required without a password; as the second step, only the ticket's player's
 * passkey and challenge pass; the step-up of sensitive changes (password/validate answers a ticket, the
 * change waits for the second factor); removal needs re-authentication and takes the recovery codes with
 * the last factor; the flag switches every call off; the export holds no key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';
import { playerDataExporter } from './index.ts';

type Options = Record<string, unknown>;
interface LoginAnswer {
  Created: string;
  SecondFactorTicket?: string;
  SecondFactorMethods?: string[];
}

const call = (
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url: `/api/${url}`, headers: asUser(token), ...(payload ? { payload } : {}) });
const anonymous = (t: TestApp, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/${url}`, headers: ANONYMOUS, payload });

/** Options of POST log/passkey/options (with a ticket: the second step's). */
async function loginOptions(t: TestApp, ticket?: string): Promise<Options> {
  const res = await anonymous(t, 'log/passkey/options', ticket ? { Ticket: ticket } : {});
  expect(res.statusCode, res.body).toBe(200);
  return json<{ Options: Options }>(res).Options;
}

/** Adds a passkey named `name` with `authenticator` (the session must have a recent proof). */
async function addPasskey(t: TestApp, token: string, authenticator: SoftwareAuthenticator, name: string) {
  const options = await call(t, 'POST', 'account/passkeys/registration-options', token);
  expect(options.statusCode, options.body).toBe(200);
  const { response } = authenticator.create(json<{ Options: Options }>(options).Options);
  const res = await call(t, 'POST', 'account/passkeys', token, { Name: name, Response: response });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ Passkey: { Id: string; Name: string }; RecoveryCodes?: string[] }>(res);
}

/** Signs in with a passkey alone; returns the portal token. */
async function passkeySession(t: TestApp, authenticator: SoftwareAuthenticator): Promise<Token> {
  const res = await anonymous(t, 'log/passkey', { Response: authenticator.get(await loginOptions(t)) });
  expect(res.statusCode, res.body).toBe(200);
  const token = await getToken(t, json<LoginAnswer>(res).Created);
  expect(token.statusCode, token.body).toBe(200);
  return json<Token>(token);
}

describe.each(STORES)('passkeys on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let player: Player;
  let token: Token;
  let authenticator: SoftwareAuthenticator;
  let origin: string;

  beforeAll(async () => {
    [t, off] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { env: { FEATURE_PASSKEYS: 'false' } }),
    ]);
    origin = t.ctx.config.webauthn.origins[0] ?? '';
    authenticator = new SoftwareAuthenticator(origin);
    player = await createPlayer(t, `Pk${kind}`);
    token = (await sessionOf(t, player)).token;
  }, 60_000);
  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
  });

  it('adds a passkey only after a recent re-authentication; the first gives the recovery codes', async () => {
    await ageProof(t, token.Value, 3600);
    expectErrors(await call(t, 'POST', 'account/passkeys/registration-options', token.Value), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
    token = (await sessionOf(t, player)).token;
    const options = json<{ Options: Options }>(
      await call(t, 'POST', 'account/passkeys/registration-options', token.Value),
    ).Options;
    expect(options).toMatchObject({
      rp: { id: t.ctx.config.webauthn.rpId, name: 'Guildgate' },
      user: { name: player.username },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
    });
    const { response } = authenticator.create(options);
    expectErrors(
      await call(t, 'POST', 'account/passkeys', token.Value, { Name: '  ', Response: response }),
      400,
      [['Name', 'ERROR_PASSKEY_NAME_EMPTY']],
    );
    const res = await call(t, 'POST', 'account/passkeys', token.Value, {
      Name: ' Laptop ',
      Response: response,
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = json<{ Passkey: { Id: string; Name: string }; RecoveryCodes?: string[] }>(res);
    expect(added.Passkey.Name).toBe('Laptop');
    expect(added.RecoveryCodes).toHaveLength(10);
    const listed = json<{ Passkeys: Array<Record<string, unknown>> }>(
      await call(t, 'GET', 'account/passkeys', token.Value),
    ).Passkeys;
    expect(listed).toEqual([
      {
        Id: added.Passkey.Id,
        Name: 'Laptop',
        CreatedAt: expect.any(String),
        LastUsedAt: null,
        Synced: false,
      },
    ]);
    const second = await addPasskey(
      t,
      token.Value,
      new SoftwareAuthenticator(origin, { synced: true }),
      'Phone',
    );
    expect(second.RecoveryCodes).toBeUndefined();
  });

  it('refuses a replayed registration, another origin and no user verification', async () => {
    const fresh = await createPlayer(t, `Pkreg${kind}`);
    const { token: own } = await sessionOf(t, fresh);
    const options = async () =>
      json<{ Options: Options }>(await call(t, 'POST', 'account/passkeys/registration-options', own.Value))
        .Options;
    const { response } = new SoftwareAuthenticator(origin).create(await options());
    expect(
      (await call(t, 'POST', 'account/passkeys', own.Value, { Name: 'A', Response: response })).statusCode,
    ).toBe(200);
    expectErrors(
      await call(t, 'POST', 'account/passkeys', own.Value, { Name: 'A', Response: response }),
      400,
      [['Response', 'ERROR_PASSKEY_INVALID']],
    );
    for (const other of [
      new SoftwareAuthenticator('https://evil.example'),
      new SoftwareAuthenticator(origin, { userVerified: false }),
    ]) {
      const { response: bad } = other.create(await options());
      expectErrors(await call(t, 'POST', 'account/passkeys', own.Value, { Name: 'B', Response: bad }), 400, [
        ['Response', 'ERROR_PASSKEY_INVALID'],
      ]);
    }
    // Another player's options do not register a passkey on this account.
    const { response: stolen } = new SoftwareAuthenticator(origin).create(
      json<{ Options: Options }>(await call(t, 'POST', 'account/passkeys/registration-options', token.Value))
        .Options,
    );
    expectErrors(await call(t, 'POST', 'account/passkeys', own.Value, { Name: 'C', Response: stolen }), 400, [
      ['Response', 'ERROR_PASSKEY_INVALID'],
    ]);
  });

  it('signs in with a passkey alone; a replayed assertion and a counter that did not grow are refused', async () => {
    const options = await loginOptions(t);
    expect(options).toMatchObject({ rpId: t.ctx.config.webauthn.rpId, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    const assertion = authenticator.get(options);
    const res = await anonymous(t, 'log/passkey', { Response: assertion });
    expect(res.statusCode, res.body).toBe(200);
    const signedIn = json<Token>(await getToken(t, json<LoginAnswer>(res).Created));
    expect(signedIn.Id_User).toBe(player.idUser);
    // The session is a full authentication: a sensitive call needs no re-authentication.
    expect((await call(t, 'POST', 'account/passkeys/registration-options', signedIn.Value)).statusCode).toBe(
      200,
    );
    expectErrors(await anonymous(t, 'log/passkey', { Response: assertion }), 400, [
      ['Response', 'ERROR_PASSKEY_INVALID'],
    ]);
    const row = await t.ctx.db
      .selectFrom('passkeys')
      .select(['sign_count', 'last_used_at'])
      .where('credential_id', '=', String(assertion.id))
      .executeTakeFirstOrThrow();
    expect(Number(row.sign_count)).toBe(1);
    expect(row.last_used_at).not.toBeNull();
    const credential = authenticator.credentials[0];
    credential.counter = 1; // a cloned authenticator: the counter it reports did not grow
    expectErrors(
      await anonymous(t, 'log/passkey', { Response: authenticator.get(await loginOptions(t)) }),
      400,
      [['Response', 'ERROR_PASSKEY_INVALID']],
    );
    credential.counter = 5;
    await passkeySession(t, authenticator);
  });

  it('requires user verification without a password, and refuses unknown passkeys', async () => {
    const credential = authenticator.credentials[0];
    const noUv = new SoftwareAuthenticator(origin, { userVerified: false });
    noUv.credentials.push(credential);
    expectErrors(await anonymous(t, 'log/passkey', { Response: noUv.get(await loginOptions(t)) }), 400, [
      ['Response', 'ERROR_PASSKEY_INVALID'],
    ]);
    const stranger = new SoftwareAuthenticator(origin);
    stranger.create({ challenge: 'x', rp: { id: t.ctx.config.webauthn.rpId }, user: { id: 'eA' } });
    expectErrors(await anonymous(t, 'log/passkey', { Response: stranger.get(await loginOptions(t)) }), 400, [
      ['Response', 'ERROR_PASSKEY_INVALID'],
    ]);
  });

  it("is the password log-in's second step, for the ticket's player and challenge only", async () => {
    const login = json<LoginAnswer>(await postLogin(t, player.username, player.password));
    expect(login.Created).toBe('');
    expect(login.SecondFactorMethods).toEqual(['passkey', 'recovery_code']);
    const ticket = login.SecondFactorTicket ?? '';
    const options = await loginOptions(t, ticket);
    expect((options.allowCredentials as Array<{ id: string }>).map((c) => c.id).sort()).toEqual(
      (
        await t.ctx.db
          .selectFrom('passkeys')
          .select('credential_id')
          .where('user_id', '=', player.id)
          .execute()
      )
        .map((r) => r.credential_id)
        .sort(),
    );
    // A passwordless challenge does not complete this ticket; nor does another player's passkey.
    const other = await createPlayer(t, `Pkother${kind}`);
    const otherAuthenticator = new SoftwareAuthenticator(origin);
    await addPasskey(t, (await sessionOf(t, other)).token.Value, otherAuthenticator, 'Other');
    for (const wrong of [
      authenticator.get(await loginOptions(t)),
      otherAuthenticator.get(await loginOptions(t, ticket)),
    ])
      expectErrors(await anonymous(t, 'log/second-factor', { Ticket: ticket, Passkey: wrong }), 400, [
        ['Passkey', 'ERROR_PASSKEY_INVALID'],
      ]);
    // Without user verification: the password was the knowledge factor.
    const noUv = new SoftwareAuthenticator(origin, { userVerified: false });
    noUv.credentials.push(...authenticator.credentials);
    const res = await anonymous(t, 'log/second-factor', { Ticket: ticket, Passkey: noUv.get(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Token>(await getToken(t, json<LoginAnswer>(res).Created)).Id_User).toBe(player.idUser);
    expectErrors(await anonymous(t, 'log/passkey/options', { Ticket: ticket }), 400, [
      ['', 'ERROR_SECOND_FACTOR_TICKET_INVALID'],
    ]);
  });

  it('steps up sensitive changes: the password alone is no proof, the second factor is', async () => {
    const own = await passkeySession(t, authenticator);
    await ageProof(t, own.Value, 3600);
    const validate = await call(t, 'POST', `password/validate/user/${player.idUser}`, own.Value, {
      Password: player.password,
    });
    expect(validate.statusCode, validate.body).toBe(200);
    const step = json<{ Success: boolean; SecondFactorTicket: string; SecondFactorMethods: string[] }>(
      validate,
    );
    expect(step).toMatchObject({ Success: true, SecondFactorMethods: ['passkey', 'recovery_code'] });
    const email = { Email: `new-${player.email}`, ConfirmEmail: `new-${player.email}` };
    expectErrors(await call(t, 'POST', `profile/user/${player.idUser}/update-email`, own.Value, email), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
    expectErrors(
      await call(t, 'POST', 'password/password-reset', own.Value, {
        OldPassword: player.password,
        Password: 'Zq8!vertical-Lantern',
        ConfirmPassword: 'Zq8!vertical-Lantern',
      }),
      400,
      [['', 'ERROR_REAUTHENTICATION_REQUIRED']],
    );
    // Another player's session cannot redeem the ticket.
    const other = json<Token>(
      await getToken(
        t,
        await (async () => {
          const p = await createPlayer(t, `Pkstep${kind}`);
          return (await sessionOf(t, p)).identity;
        })(),
      ),
    );
    expectErrors(
      await call(t, 'POST', 'account/reauthentication/second-factor', other.Value, {
        Ticket: step.SecondFactorTicket,
        Code: '000000',
      }),
      400,
      [['', 'ERROR_SECOND_FACTOR_TICKET_INVALID']],
    );
    const passkey = authenticator.get(await loginOptions(t, step.SecondFactorTicket));
    const done = await call(t, 'POST', 'account/reauthentication/second-factor', own.Value, {
      Ticket: step.SecondFactorTicket,
      Passkey: passkey,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(t, 'POST', 'account/passkeys/registration-options', own.Value)).statusCode).toBe(200);
  });

  it('asks the second factor again on a remembered device before a sensitive change', async () => {
    const login = json<LoginAnswer>(await postLogin(t, player.username, player.password));
    const ticket = login.SecondFactorTicket ?? '';
    const res = await anonymous(t, 'log/second-factor', {
      Ticket: ticket,
      Passkey: authenticator.get(await loginOptions(t, ticket)),
      RememberDevice: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name.startsWith('_g2g_2fa_'));
    if (!cookie) throw new Error('no remembered-device cookie');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/log/log-in',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: player.username, Password: player.password },
      cookies: { [cookie.name]: cookie.value },
    });
    const created = json<LoginAnswer>(again).Created;
    expect(created).not.toBe('');
    const remembered = json<Token>(await getToken(t, created));
    expectErrors(await call(t, 'POST', 'account/passkeys/registration-options', remembered.Value), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
  });

  it('renames its own passkeys only; removal needs re-authentication and the last takes the codes', async () => {
    const own = await passkeySession(t, authenticator);
    const listed = json<{ Passkeys: Array<{ Id: string; Name: string }> }>(
      await call(t, 'GET', 'account/passkeys', own.Value),
    ).Passkeys;
    expect(listed.map((p) => p.Name)).toEqual(['Laptop', 'Phone']);
    const [laptop, phone] = listed;
    const rename = await call(t, 'POST', `account/passkeys/${laptop.Id}/rename`, own.Value, { Name: 'Desk' });
    expect(rename.statusCode, rename.body).toBe(200);
    const stranger = await createPlayer(t, `Pkrename${kind}`);
    const strangerToken = (await sessionOf(t, stranger)).token.Value;
    expect(
      (await call(t, 'POST', `account/passkeys/${laptop.Id}/rename`, strangerToken, { Name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'POST', `account/passkeys/${laptop.Id}/remove`, strangerToken)).statusCode).toBe(
      404,
    );
    await ageProof(t, own.Value, 3600);
    expectErrors(await call(t, 'POST', `account/passkeys/${phone.Id}/remove`, own.Value), 400, [
      ['', 'ERROR_REAUTHENTICATION_REQUIRED'],
    ]);
    await ageProof(t, own.Value, 0);
    for (const p of [phone, laptop])
      expect((await call(t, 'POST', `account/passkeys/${p.Id}/remove`, own.Value)).statusCode).toBe(200);
    const codes = await t.ctx.db
      .selectFrom('recovery_codes')
      .select('id')
      .where('user_id', '=', player.id)
      .execute();
    expect(codes).toEqual([]);
    expect(Object.keys(json<LoginAnswer>(await postLogin(t, player.username, player.password)))).toEqual([
      'Created',
    ]);
    const audits = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .where('type', 'in', ['second_factor.added', 'second_factor.removed'])
      .execute();
    expect(audits.map((a) => a.type).sort()).toEqual([
      'second_factor.added',
      'second_factor.added',
      'second_factor.removed',
      'second_factor.removed',
    ]);
  });

  it('exports the passkeys without their keys', async () => {
    const fresh = await createPlayer(t, `Pkexp${kind}`);
    const { token: own } = await sessionOf(t, fresh);
    const credential = new SoftwareAuthenticator(origin);
    await addPasskey(t, own.Value, credential, 'Console');
    const exported = await playerDataExporter.exportPlayerData(t.ctx.db, {
      id: fresh.id,
      idUser: fresh.idUser,
    });
    expect(exported.secondFactors).toMatchObject({
      passkeys: [{ name: 'Console', createdAt: expect.any(String), lastUsedAt: null, synced: false }],
      recoveryCodesLeft: 10,
    });
    const text = JSON.stringify(exported);
    const row = await t.ctx.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(text).not.toContain(row.public_key);
    expect(text).not.toContain(row.credential_id);
  });

  it('with the flag off: every passkey call answers 404 and the log-in is unchanged', async () => {
    const p = await createPlayer(off, `Pkoff${kind}`);
    const { token: offToken } = await sessionOf(off, p);
    for (const [method, url] of [
      ['GET', 'account/passkeys'],
      ['POST', 'account/passkeys/registration-options'],
      ['POST', 'account/passkeys/x/remove'],
    ] as const)
      expect((await call(off, method, url, offToken.Value)).statusCode).toBe(404);
    expect(
      (await call(off, 'POST', 'account/passkeys/x/rename', offToken.Value, { Name: 'n' })).statusCode,
    ).toBe(404);
    expect((await anonymous(off, 'log/passkey/options', {})).statusCode).toBe(404);
    expect(Object.keys(json<LoginAnswer>(await postLogin(off, p.username, p.password)))).toEqual(['Created']);
  });
});
