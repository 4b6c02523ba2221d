/**
 * Account deletion (spec §2 Deletion request; §4 Deletion; §7 GET deletion/types, POST
 * password/validate/user/{userId}, POST deletion/user/{userId}, POST deletion/partner/user/{userId}):
 * after deletion a scan of every table of the store finds none of the player's personal data, every
 * token of theirs stops working, and only unlinked feedback remains. Wrong passwords, unknown reasons,
 * another player's id (403), the partner call, the environments without self-service deletion and
 * bad input (§8) are refused with nothing lost.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS, STORES, asUser, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  createPlayer,
  expectErrors,
  getToken,
  insertConnection,
  postLogin,
  sessionOf,
  type Player,
} from '../../test/helpers.ts';
import { isoNow } from '../../lib/time.ts';
import { MAX_PASSWORD_FAILURES } from './service.ts';
import { validAnswers } from '../survey/test-support.ts';

function post(t: TestApp, url: string, accessToken: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: asUser(accessToken),
    payload: payload as Record<string, unknown>,
  });
}
const validate = (t: TestApp, p: Player, token: string, payload: unknown) =>
  post(t, `/api/password/validate/user/${p.idUser}`, token, payload);
const remove = (t: TestApp, p: Player, token: string, payload: unknown) =>
  post(t, `/api/deletion/user/${p.idUser}`, token, payload);
const removeAsPartner = (t: TestApp, p: Player, token: string, payload: unknown) =>
  post(t, `/api/deletion/partner/user/${p.idUser}`, token, payload);

async function otherTypeId(t: TestApp): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/deletion/types', headers: ANONYMOUS });
  const types = res.json<{ DeletionTypes: Array<{ Id: number; IsOther: boolean }> }>().DeletionTypes;
  return types.find((type) => type.IsOther)!.Id;
}

/**
 * Every table of the store (read from the catalogue, so a table added later is scanned too). On
 * PostgreSQL only this app's schema is read: introspecting the whole database raced with other suites
 * dropping their schemas ('schema "t_…" does not exist').
 */
async function tableNames(t: TestApp): Promise<string[]> {
  const names =
    t.ctx.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(t.ctx.db)
        ).rows.map((row) => row.name)
      : (await t.ctx.db.introspection.getTables()).map((table) => table.name);
  return names.filter((name) => !name.startsWith('kysely_'));
}

/** Rows of any table that hold one of `needles` (case-insensitive) or reference user id `id`. */
async function traces(t: TestApp, needles: string[], id: number): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tableNames(t)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.ctx.db);
    for (const row of rows.rows) {
      const text = JSON.stringify(row).toLowerCase();
      for (const needle of needles)
        if (text.includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
      for (const [column, value] of Object.entries(row))
        if (/(^|_)user_id$/.test(column) && Number(value) === id) found.push(`${table}.${column} = ${id}`);
    }
  }
  return found;
}

describe.each(STORES)('deletion on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the server-provided reasons, one of them "other"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deletion/types', headers: ANONYMOUS });
    expect(res.statusCode).toBe(200);
    const types = res.json<{ DeletionTypes: Array<{ Id: number; Description: string; IsOther: boolean }> }>()
      .DeletionTypes;
    expect(types.length).toBeGreaterThan(1);
    expect(types.filter((type) => type.IsOther)).toHaveLength(1);
    expect(types.every((type) => typeof type.Description === 'string' && type.Description !== '')).toBe(true);
  });

  it('checks the password of step 1', async () => {
    const player = await createPlayer(t, 'Checked');
    const { token } = await sessionOf(t, player);
    expectErrors(await validate(t, player, token.Value, { Password: 'Wrong1234pass' }), 400, [
      ['Password', 'ERROR_PASSWORD_INCORRECT'],
    ]);
    expectErrors(await validate(t, player, token.Value, { Password: '' }), 400, [
      ['Password', 'ERROR_PASSWORD_EMPTY'],
    ]);
    expect((await validate(t, player, token.Value, { Password: player.password })).statusCode).toBe(200);
  });

  it('erases every trace of the player and ends every session', async () => {
    const player = await createPlayer(t, 'Leaver', {
      form: { Firstname: 'Zebulon', Referrer: null, G2GSegaOptin: true },
    });
    const friend = await createPlayer(t, 'Stayer', { form: { Referrer: 'Leaver' } });
    const here = await sessionOf(t, player);
    const elsewhere = await sessionOf(t, player);
    // Blocks in both directions, a linked connection, newsletter lists, pending links, the survey.
    const now = isoNow();
    await t.ctx.db
      .insertInto('blocks')
      .values([
        { user_id: player.id, blocked_user_id: friend.id, created_at: now },
        { user_id: friend.id, blocked_user_id: player.id, created_at: now },
      ])
      .execute();
    await insertConnection(t, player.id, 'steam', '76561190000000001', 'LeaverOnSteam', now);
    // Short-lived rows naming the player: a pending provider link, an authorization code, and the
    // access key the player registered with (kept, but no longer naming them).
    const soon = new Date(Date.now() + 600_000).toISOString();
    await t.ctx.db
      .insertInto('link_states')
      .values({
        state_hash: 'pending-link-state',
        user_id: player.id,
        session_id: 'pending-link-session',
        provider: 'twitch',
        redirect_uri: 'http://portal.test/link/twitch',
        code_verifier: null,
        nonce: null,
        redirect_url: null,
        account_json: null,
        error_code: null,
        created_at: now,
        expires_at: soon,
        used_at: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('access_keys')
      .values({
        key_hash: 'spent-access-key',
        note: null,
        created_at: now,
        expires_at: null,
        used_at: now,
        used_by_user_id: player.id,
      })
      .execute();
    await t.ctx.db
      .insertInto('audit_events')
      .values({
        user_id: friend.id,
        type: 'block.created',
        ip: null,
        detail: JSON.stringify({ blockedIdUser: player.idUser }),
        created_at: now,
      })
      .execute();
    const consent = await post(t, `/api/cookie/user/${player.idUser}/accept-all`, here.token.Value, {
      IsAllReject: false,
    });
    expect(consent.statusCode, consent.body).toBe(200);
    // Survey answers (about the linked Steam account) and the badge they earned.
    const survey = await post(t, '/api/survey/qualification', here.token.Value, {
      ...validAnswers(),
      SteamId: '76561190000000001',
      Username: player.username,
      AdditionnalMessage: 'Zebulon says hi',
    });
    expect(survey.statusCode, survey.body).toBe(200);
    const address = 'leaver.next@players.test';
    expect(
      (
        await post(t, `/api/profile/user/${player.idUser}/update-email`, here.token.Value, {
          Email: address,
          ConfirmEmail: address,
        })
      ).statusCode,
    ).toBe(200);

    const needles = [
      player.idUser,
      player.username,
      player.email,
      'Zebulon',
      'LeaverOnSteam',
      '76561190000000001',
      address,
    ];
    // The scan sees every piece of data before: users, links, mail, connections, blocks, audit, lists.
    const before = await traces(t, needles, player.id);
    for (const table of [
      'users',
      'email_tokens',
      'mail_outbox',
      'user_connections',
      'blocks',
      'audit_events',
      'sessions',
      'user_newsletter_optins',
      'user_cookie_consents',
      'survey_responses',
      'user_badges',
      'link_states',
      'access_keys',
    ])
      expect(
        before.some((trace) => trace.startsWith(table)),
        table,
      ).toBe(true);

    const res = await remove(t, player, here.token.Value, {
      Password: player.password,
      Email: player.email,
      Id_DeletionType: await otherTypeId(t),
      DeletionReason: '  Too many games, not enough time  ',
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await traces(t, needles, player.id)).toEqual([]);
    // Tokens no longer work: the access token, both identity handles, the refresh token.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}`,
      headers: asUser(here.token.Value),
    });
    expect(profile.statusCode).toBe(401);
    expect((await getToken(t, here.identity)).statusCode).not.toBe(200);
    expect((await getToken(t, elsewhere.identity)).statusCode).not.toBe(200);
    const refresh = await t.app.inject({
      method: 'GET',
      url: `/api/token/refresh?access_token=${here.token.Value}&refresh_token=${here.token.Refresh}&client_id=x`,
      headers: ANONYMOUS,
    });
    expect(refresh.statusCode).not.toBe(200);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(400);
    // Only unlinked feedback and an audit event without personal data remain; the friend is intact.
    const feedback = await t.ctx.db.selectFrom('deletion_feedback').selectAll().execute();
    expect(feedback.map((f) => f.reason)).toContain('Too many games, not enough time');
    const deleted = await t.ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'account.deleted')
      .execute();
    expect(deleted.map((e) => [e.user_id, e.ip])).toEqual([[null, null]]);
    expect((await postLogin(t, friend.username, friend.password)).statusCode).toBe(200);
    const friendRow = await t.ctx.db
      .selectFrom('users')
      .select('referrer_user_id')
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(friendRow.referrer_user_id).toBeNull();
    const key = await t.ctx.db
      .selectFrom('access_keys')
      .select('used_by_user_id')
      .where('key_hash', '=', 'spent-access-key')
      .executeTakeFirstOrThrow();
    expect(key.used_by_user_id).toBeNull();
    // The name and the address are free again.
    expect((await createPlayer(t, 'Leaver')).email).toBe(player.email);
  });

  it('keeps the account when the password, the reason or the e-mail is wrong', async () => {
    const player = await createPlayer(t, 'Wavering');
    const { token } = await sessionOf(t, player);
    const other = await otherTypeId(t);
    const base = {
      Password: player.password,
      Email: player.email,
      Id_DeletionType: null,
      DeletionReason: null,
    };
    const cases: Array<[Record<string, unknown>, Array<[string, string]>]> = [
      [{ ...base, Password: 'Wrong1234pass' }, [['Password', 'ERROR_PASSWORD_INCORRECT']]],
      [{ ...base, Password: null }, [['Password', 'ERROR_PASSWORD_EMPTY']]],
      [{ ...base, Id_DeletionType: 999_999 }, [['Id_DeletionType', 'ERROR_DELETION_TYPE_NOTEXISTS']]],
      [
        { ...base, Id_DeletionType: other, DeletionReason: '   ' },
        [['DeletionReason', 'ERROR_DELETION_REASON_EMPTY']],
      ],
      [
        { ...base, Id_DeletionType: other, DeletionReason: 'x'.repeat(1001) },
        [['DeletionReason', 'ERROR_DELETION_REASON_LENGTH']],
      ],
      [{ ...base, Email: 'someone.else@players.test' }, [['Email', 'ERROR_EMAIL_UNKNOWN']]],
    ];
    for (const [payload, items] of cases)
      expectErrors(await remove(t, player, token.Value, payload), 400, items);
    // The partner call needs no password, so it is refused to a player who has one (outside partner environments).
    expectErrors(await removeAsPartner(t, player, token.Value, base), 400, [['', 'ERROR_NOT_ALLOWED']]);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
    // Skipping the reason is allowed.
    expect((await remove(t, player, token.Value, base)).statusCode).toBe(200);
  });

  it("refuses another player's id (403) and a call without a player token (401)", async () => {
    const player = await createPlayer(t, 'Target');
    const intruder = await createPlayer(t, 'Attacker');
    const { token } = await sessionOf(t, intruder);
    for (const res of [
      await validate(t, player, token.Value, { Password: player.password }),
      await remove(t, player, token.Value, { Password: intruder.password }),
      await removeAsPartner(t, player, token.Value, {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_FORBIDDEN' }] });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/deletion/user/${player.idUser}`,
      headers: ANONYMOUS,
      payload: { Password: player.password },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
  });

  it('stops checking passwords after repeated failures', async () => {
    const player = await createPlayer(t, 'Guessed');
    const { token } = await sessionOf(t, player);
    for (let i = 0; i < MAX_PASSWORD_FAILURES; i += 1)
      expect((await validate(t, player, token.Value, { Password: `Guess${i}pass` })).statusCode).toBe(400);
    const res = await validate(t, player, token.Value, { Password: player.password });
    expectErrors(res, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers bad input in the §8 shape', async () => {
    const player = await createPlayer(t, 'Fuzzed');
    const { token } = await sessionOf(t, player);
    for (const payload of [
      { Password: 42 },
      { Password: player.password, Id_DeletionType: 'one' },
      { Password: player.password, Id_DeletionType: 1.5 },
      { Password: player.password, Id_DeletionType: 1e300 },
      { Password: player.password, DeletionReason: ['a'] },
      'text',
    ]) {
      const res = await remove(t, player, token.Value, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('ErrorMessages');
    }
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
  });
});

describe.each(STORES)('deletion where it is not self-service on %s', (kind) => {
  it('deletes a FOCUS player through the partner call, without password', async () => {
    const t = await startTestApp(kind, { env: { PORTAL_ENVIRONMENT: 'FOCUS' } });
    try {
      const player = await createPlayer(t, 'FocusLeaver');
      const { token } = await sessionOf(t, player);
      const res = await removeAsPartner(t, player, token.Value, {
        Email: player.email,
        Id_DeletionType: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await traces(t, [player.idUser, player.email], player.id)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  for (const [label, env] of [
    ['AVALANCHE (deletion through support)', { PORTAL_ENVIRONMENT: 'AVALANCHE' }],
    ['the deletion section off', { FEATURE_DELETION_SECTION: '0' }],
  ] as const) {
    it(`refuses in ${label}`, async () => {
      const t = await startTestApp(kind, { env });
      try {
        const player = await createPlayer(t, 'Kept');
        const { token } = await sessionOf(t, player);
        expectErrors(await remove(t, player, token.Value, { Password: player.password }), 400, [
          ['', 'ERROR_NOT_ALLOWED'],
        ]);
        expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }
});
