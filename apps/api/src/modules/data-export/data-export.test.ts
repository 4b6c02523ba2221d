/**
 * POST account/export, Download my data (issue 22 §8; GDPR art. 15/20), on SQLite and PostgreSQL:
 * needs a recent re-authentication; answers the caller's own data as a JSON download — account,
 * cookie consents, newsletter opt-ins, connections, blocks, survey answers, badges, sessions, security
 * events — with no secret (every hash and sealed value of the player's rows is searched for in the
 * file, and of a player with an authenticator app, recovery codes and a passkey) and nothing of another player; records `account.exported`; 404 when the dataExport flag is off.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DATA_EXPORT_FORMAT, PlayerDataExportSchema, type PlayerDataExport } from '@guildgate/contracts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { ageProof, expectErrors, sessionOf } from '../../test/helpers.ts';
import { postSurvey, submissionOf, surveyPlayer, type SurveyPlayer } from '../survey/test-support.ts';
import { EXPORTED_EVENT } from './service.ts';
import { SoftwareAuthenticator } from '../../test/software-authenticator.ts';

const postExport = (t: TestApp, token: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: '/api/account/export', headers: asUser(token) });

/** Every hash, secret or sealed value stored in rows of player `id` (and their sessions). */
async function secretsOf(t: TestApp, id: number): Promise<string[]> {
  const db = t.ctx.db;
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const sessions = await db
    .selectFrom('sessions')
    .select(['id', 'identity_hash'])
    .where('user_id', '=', id)
    .execute();
  const refresh = await db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .select(['refresh_tokens.token_hash', 'refresh_tokens.successor_sealed'])
    .where('sessions.user_id', '=', id)
    .execute();
  const links = await db
    .selectFrom('email_tokens')
    .select(['token_hash'])
    .where('user_id', '=', id)
    .execute();
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['content', 'message_id'])
    .where('user_id', '=', id)
    .execute();
  const values = [
    user.password_hash,
    ...sessions.flatMap((s) => [s.identity_hash, s.id]),
    ...refresh.flatMap((r) => [r.token_hash, r.successor_sealed]),
    ...links.map((l) => l.token_hash),
    ...mail.flatMap((m) => [m.content, m.message_id]),
  ];
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 16);
}

describe.each(STORES)('POST account/export on %s', (kind) => {
  let t: TestApp;
  let off: TestApp;
  let player: SurveyPlayer;
  let other: SurveyPlayer;
  const suffix = kind === 'sqlite' ? 's' : 'p';

  beforeAll(async () => {
    t = await startTestApp(kind);
    off = await startTestApp(kind, { env: { FEATURE_DATA_EXPORT: 'false' } });
    player = await surveyPlayer(t, `exporter${suffix}`);
    other = await surveyPlayer(t, `bystander${suffix}`);
    for (const p of [player, other]) {
      expect((await postSurvey(t, p, submissionOf(p))).statusCode).toBe(200);
      const accept = await t.app.inject({
        method: 'POST',
        url: `/api/cookie/user/${p.idUser}/accept-all`,
        headers: asUser(p.token),
        payload: { IsAllReject: false },
      });
      expect(accept.statusCode).toBe(200);
      const optIn = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter/optin-user',
        headers: asUser(p.token),
        payload: { ListId: 1, IsOptIn: true, IsG2GOptIn: true },
      });
      expect(optIn.statusCode).toBe(200);
    }
    // Blocks come from the partner servers' call; written here as that call does.
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('blocks')
      .values([
        { user_id: player.id, blocked_user_id: other.id, created_at: now },
        { user_id: other.id, blocked_user_id: player.id, created_at: now },
      ])
      .execute();
    // A second session, refreshed, so there are refresh tokens and a sealed successor to look for.
    const second = await sessionOf(t, player);
    const refreshed = await t.app.inject({
      method: 'GET',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: {
        access_token: second.token.Value,
        refresh_token: second.token.Refresh,
        client_id: 'guildgate-portal',
      },
    });
    expect(refreshed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('needs a recent proof of the password, then answers the caller’s data as a JSON download', async () => {
    await ageProof(t, player.token, 3600);
    expectErrors(await postExport(t, player.token), 400, [['', 'ERROR_REAUTHENTICATION_REQUIRED']]);
    const proved = await t.app.inject({
      method: 'POST',
      url: `/api/password/validate/user/${player.idUser}`,
      headers: asUser(player.token),
      payload: { Password: player.password },
    });
    expect(proved.statusCode).toBe(200);

    const res = await postExport(t, player.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="guildgate-data-${player.username}-${today}.json"`,
    );
    const data = PlayerDataExportSchema.parse(json(res));
    expect(data.format).toBe(DATA_EXPORT_FORMAT);
    expect(Date.parse(data.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.account).toMatchObject({
      idUser: player.idUser,
      username: player.username,
      email: player.email,
    });
    expect(data.account.emailConfirmedAt).not.toBeNull();
    expect(data.cookieConsents.length).toBeGreaterThan(0);
    expect(data.cookieConsents.every((c) => c.accepted)).toBe(true);
    expect(data.newsletterOptIns).toHaveLength(1);
    expect(data.connections).toEqual([
      expect.objectContaining({ provider: 'steam', accountId: player.steamId }),
    ]);
    expect(data.blocks).toEqual({
      blocked: [expect.objectContaining({ idUser: other.idUser, username: other.username })],
      blockedByCount: 1,
    });
    expect(data.survey).toMatchObject({ steamId: player.steamId, username: player.username });
    expect(data.survey?.answers).toBeTruthy();
    expect(data.badges.map((b) => b.badge)).toEqual(['Profiler']);
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions[0]).toEqual(expect.objectContaining({ clientId: expect.any(String) as string }));
    const types = data.securityEvents.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['survey.submitted']));
    expect(data.emails.length).toBeGreaterThan(0);

    // The export is itself recorded.
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select('type')
      .where('user_id', '=', player.id)
      .where('type', '=', EXPORTED_EVENT)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('holds no secret: no hash, no identity, refresh or link token, no sealed value, no internal id', async () => {
    const res = await postExport(t, player.token);
    expect(res.statusCode).toBe(200);
    const secrets = await secretsOf(t, player.id);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(res.body, 'a secret of the player').not.toContain(secret);
    expect(res.body).not.toMatch(/password|hash|secret|"id":/i);
  });

  it('holds no secret of the second factors: app secret, recovery codes, passkey keys', async () => {
    const p = await surveyPlayer(t, `factors${suffix}`);
    const post = (url: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: asUser(p.token),
        ...(payload ? { payload } : {}),
      });
    const { Secret } = json<{ Secret: string }>(await post('account/second-factors/totp'));
    const confirmed = await post('account/second-factors/totp/confirm', {
      Code: await generate({ secret: Secret, epoch: Math.floor(Date.now() / 1000) }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { RecoveryCodes } = json<{ RecoveryCodes: string[] }>(confirmed);
    const authenticator = new SoftwareAuthenticator(t.ctx.config.webauthn.origins[0] ?? '');
    const options = json<{ Options: Record<string, unknown> }>(
      await post('account/passkeys/registration-options'),
    ).Options;
    const added = await post('account/passkeys', {
      Name: 'Laptop',
      Response: authenticator.create(options).response,
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await postExport(t, p.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = json<PlayerDataExport>(res);
    expect(JSON.stringify(data)).toContain('Laptop');
    const stored = [
      ...(await t.ctx.db
        .selectFrom('second_factors')
        .select('secret_sealed as v')
        .where('user_id', '=', p.id)
        .execute()),
      ...(await t.ctx.db
        .selectFrom('recovery_codes')
        .select('code_hash as v')
        .where('user_id', '=', p.id)
        .execute()),
      ...(await t.ctx.db
        .selectFrom('passkeys')
        .select('public_key as v')
        .where('user_id', '=', p.id)
        .execute()),
    ].map((row) => row.v);
    expect(stored.length).toBeGreaterThanOrEqual(12);
    for (const secret of [Secret, ...RecoveryCodes, ...stored])
      expect(res.body, 'a secret of the second factors').not.toContain(secret);
  });

  it('holds nothing of another player beyond whom the caller blocked', async () => {
    const data = json<PlayerDataExport>(await postExport(t, player.token));
    const text = JSON.stringify({ ...data, blocks: null });
    for (const value of [other.email, other.idUser, other.username, other.steamId ?? 'none'])
      expect(text).not.toContain(value);
    for (const secret of await secretsOf(t, other.id)) expect(JSON.stringify(data)).not.toContain(secret);
  });

  it('needs a player’s bearer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/export', headers: ANONYMOUS });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 when the dataExport flag is off', async () => {
    const p = await surveyPlayer(off, `flagoff${suffix}`, false);
    const res = await postExport(off, p.token);
    expectErrors(res, 404, [['', 'ERROR_NOT_FOUND']]);
  });
});
