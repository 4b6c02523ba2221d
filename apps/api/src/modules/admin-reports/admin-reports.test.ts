/**
 * The operator console's dashboard and reports (issue 24 §3, §4; contracts admin-reports.ts;
 * reports.ts), on every store, through the real app: GET admin/dashboard counts per UTC day, oldest
 * first and zero-filled, the events of past days (seeded in the store with past times) and of today's
 * calls (register, confirm, log in, fail, be throttled); every refusal of the log-in throttle is one
 * `login.throttled` event; GET admin/deletion-reasons counts the deletion types and pages the free
 * texts, naming no player; GET admin/survey/export streams the answers as CSV across pages, formula
 * cells neutralised, audited; role checks and §8 400s for bad queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  SURVEY_EXPORT_COLUMNS,
  type DashboardResponse,
  type DeletionReasonsResponse,
} from '@guildgate/contracts';
import { ANONYMOUS, STORES, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, postLogin, type Player } from '../../test/helpers.ts';
import { postSurvey, submissionOf, surveyPlayer, validAnswers } from '../survey/test-support.ts';
import { call, type FactorPlayer, consoleCast } from '../staff/test-support.ts';
import { neutraliseFormula, SURVEY_EXPORT_PAGE } from './service.ts';

/** `YYYY-MM-DD` of the UTC day `daysAgo` days before today. */
const dayAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The cells of one CSV record (RFC 4180: quoted cells, doubled quotes; no line break inside a cell here). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else value += line[i++];
      }
      cells.push(value);
      i += 1;
    } else {
      const end = line.indexOf(',', i);
      cells.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

describe('neutraliseFormula', () => {
  it('prefixes the cells a spreadsheet would read as a formula with a quote, and only those', () => {
    for (const risky of ['=1+1', '+33 6', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutraliseFormula(risky)).toBe(`'${risky}`);
    for (const safe of ['France', '', ' =1', "'=1", 'a=b', '1-2']) expect(neutraliseFormula(safe)).toBe(safe);
  });
});

describe.each(STORES)('the dashboard and reports on %s', (kind) => {
  let t: TestApp;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  let player: Player;
  let playerToken: string;
  const name = (base: string) => `${base}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, support, viewer, player, playerToken } = await consoleCast(t, 'R', name('')));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string, token: string): Promise<T> => {
    const res = await call(t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const dashboard = (days?: number) =>
    get<DashboardResponse>(
      `admin/dashboard${days === undefined ? '' : `?days=${String(days)}`}`,
      viewer.token,
    );

  /** Inserts `count` audit events of `type` at `at` (ISO), with `detail`. */
  const seed = async (type: string, at: string, count = 1, detail: Record<string, unknown> = {}) => {
    for (let i = 0; i < count; i++)
      await t.ctx.db
        .insertInto('audit_events')
        .values({ user_id: null, type, ip: '192.0.2.1', detail: JSON.stringify(detail), created_at: at })
        .execute();
  };

  it('lets viewers read the reports, only admins export the survey, and refuses a player', async () => {
    const reads = ['admin/dashboard', 'admin/deletion-reasons'];
    for (const url of [...reads, 'admin/survey/export'])
      expectErrors(await call(t, 'GET', url, playerToken), 403, [['', 'ERROR_STAFF_ROLE_REQUIRED']]);
    for (const member of [admin, support, viewer])
      for (const url of reads) {
        const res = await call(t, 'GET', url, member.token);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    for (const member of [support, viewer]) {
      const refused = await call(t, 'GET', 'admin/survey/export', member.token);
      expectErrors(refused, 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
    }
    expect((await call(t, 'GET', 'admin/survey/export', admin.token)).statusCode).toBe(200);
  });

  it('documents the export as a CSV answer in /api/docs', async () => {
    const docs = json<{
      paths: Partial<
        Record<
          string,
          { get?: { responses: Partial<Record<string, { content?: Record<string, unknown> }>> } }
        >
      >;
    }>(await t.app.inject({ method: 'GET', url: '/api/docs' }));
    const ok = docs.paths['/admin/survey/export']?.get?.responses['200'];
    expect(Object.keys(ok?.content ?? {})).toEqual(['text/csv; charset=utf-8']);
    expect(Object.keys(docs.paths['/admin/dashboard']?.get?.responses['200']?.content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('answers a bad `days` with a §8 400, and shows 1 to 90 days ending today', async () => {
    for (const days of ['0', '91', '-1', '1.5', 'ten', ''])
      expectErrors(await call(t, 'GET', `admin/dashboard?days=${days}`, viewer.token), 400, [
        ['days', 'ERROR_FIELD_INVALID'],
      ]);
    const byDefault = await dashboard();
    expect(byDefault.Days).toHaveLength(30);
    expect(byDefault.Days.at(-1)).toBe(dayAgo(0));
    expect(byDefault.Days[0]).toBe(dayAgo(29));
    expect((await dashboard(1)).Days).toEqual([dayAgo(0)]);
    const longest = await dashboard(90);
    expect(longest.Days).toHaveLength(90);
    expect(new Set(longest.Days).size).toBe(90);
    expect([...longest.Days].sort()).toEqual(longest.Days);
    const { Links, ...series } = longest.Series;
    for (const counts of [...Object.values(series), ...Object.values(Links)]) expect(counts).toHaveLength(90);
  });

  it('counts per UTC day, oldest first and zero-filled, the past days’ events and today’s calls', async () => {
    const before = await dashboard();
    // Past days, at the edges of their UTC day; one day just outside the 30 shown.
    const three = `${dayAgo(3)}T00:00:00.000Z`;
    const ten = `${dayAgo(10)}T23:59:59.999Z`;
    await seed('register.created', three, 2);
    await seed('register.partner_created', three);
    await seed('email.confirmed', three);
    await seed('session.created', three, 3);
    await seed('login.failed', three, 2);
    await seed('login.throttled', three, 4);
    await seed('connection.linked', three, 2, { provider: 'steam', accountId: '7656' });
    await seed('connection.linked', three, 1, { provider: 'twitch', accountId: 't1' });
    await seed('connection.linked', ten, 1, { provider: 'epic-games', accountId: 'e1' });
    await seed('account.deleted', ten, 2, { passwordChecked: true });
    await seed('register.created', ten);
    await seed('cookie.popup_seen', three, 5);
    await seed('register.created', `${dayAgo(30)}T12:00:00.000Z`, 5);
    await t.ctx.db
      .insertInto('staff_audit_events')
      .values({
        type: 'staff.player_email_confirmed',
        actor_kind: 'staff',
        actor_user_id: admin.id,
        target_user_id: player.id,
        detail: '{"changes":[]}',
        ip: '192.0.2.1',
        created_at: ten,
      })
      .execute();

    const after = await dashboard();
    expect(after.Days).toEqual(before.Days);
    const at = (daysAgo: number) => after.Days.indexOf(dayAgo(daysAgo));
    const diff = (a: number[], b: number[]) => a.map((value, i) => value - (b[i] ?? 0));
    /** The added counts: zero on every day but `three` and `ten` days ago. */
    const expectAdded = (label: string, added: number[], onThree: number, onTen: number) => {
      const expected = after.Days.map(() => 0);
      expected[at(3)] = onThree;
      expected[at(10)] = onTen;
      expect(added, label).toEqual(expected);
    };
    const { Links, ...series } = after.Series;
    const { Links: linksBefore, ...seriesBefore } = before.Series;
    expectAdded('Registrations', diff(series.Registrations, seriesBefore.Registrations), 3, 1);
    expectAdded('Confirmations', diff(series.Confirmations, seriesBefore.Confirmations), 1, 1);
    expectAdded('LogIns', diff(series.LogIns, seriesBefore.LogIns), 3, 0);
    expectAdded('FailedLogIns', diff(series.FailedLogIns, seriesBefore.FailedLogIns), 2, 0);
    expectAdded('Locks', diff(series.Locks, seriesBefore.Locks), 4, 0);
    expectAdded('Deletions', diff(series.Deletions, seriesBefore.Deletions), 0, 2);
    expectAdded('Steam', diff(Links.Steam, linksBefore.Steam), 2, 0);
    expectAdded('Twitch', diff(Links.Twitch, linksBefore.Twitch), 1, 0);
    expectAdded('EpicGames', diff(Links.EpicGames, linksBefore.EpicGames), 0, 1);
    // Nothing happened on the seeded past days before: their counts are exactly the seeds.
    expect(series.Registrations[at(3)]).toBe(3);
    expect(series.LogIns[at(10)]).toBe(0);
    // The day before the 30 shows with 31.
    const longer = await dashboard(31);
    expect(longer.Days[0]).toBe(dayAgo(30));
    expect(longer.Series.Registrations[0]).toBe(5);

    // Today, through the API: a registration and its confirmation, a log-in, a wrong password.
    const today = after.Days.length - 1;
    const newcomer = await createPlayer(t, name('Newcomer'));
    expect((await postLogin(t, newcomer.username, newcomer.password)).statusCode).toBe(200);
    expect((await postLogin(t, newcomer.username, 'Wrong2025pass')).statusCode).toBe(400);
    const now = await dashboard();
    expect(now.Series.Registrations[today]).toBe((after.Series.Registrations[today] ?? 0) + 1);
    expect(now.Series.Confirmations[today]).toBe((after.Series.Confirmations[today] ?? 0) + 1);
    expect(now.Series.LogIns[today]).toBe((after.Series.LogIns[today] ?? 0) + 1);
    expect(now.Series.FailedLogIns[today]).toBe((after.Series.FailedLogIns[today] ?? 0) + 1);
  });

  it('writes one login.throttled event per attempt the throttle refuses, and counts them as locks', async () => {
    const target = await createPlayer(t, name('Throttled'));
    const before = await dashboard(1);
    const ip = '198.51.100.24';
    const statuses: number[] = [];
    // Five free failures, one after the back-off's first second, then refusals until it has passed.
    for (let i = 0; i < 9; i++)
      statuses.push((await postLogin(t, target.username, `Guess${String(i)}x`, ip)).statusCode);
    // The password step of the two-step form is refused alike.
    const step = await t.app.inject({
      method: 'POST',
      url: `/api/log/user/${target.idUser}/log-in`,
      headers: ANONYMOUS,
      payload: { Password: 'Guess99x' },
      remoteAddress: ip,
    });
    statuses.push(step.statusCode);
    const refused = statuses.filter((status) => status === 429).length;
    expect(statuses.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    // Four, unless the machine is so slow that the back-off's second passed meanwhile.
    expect(refused).toBeGreaterThanOrEqual(2);
    await t.ctx.deferred.drain();
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select(['ip', 'detail'])
      .where('type', '=', 'login.throttled')
      .where('user_id', '=', target.id)
      .execute();
    expect(events).toHaveLength(refused);
    for (const event of events) {
      expect(event.ip).toBe(ip);
      expect(JSON.parse(event.detail ?? '{}')).toMatchObject({ code: 'ERROR_RATE_LIMITED' });
    }
    const after = await dashboard(1);
    expect(after.Series.Locks[0]).toBe((before.Series.Locks[0] ?? 0) + refused);
  });

  it('records a captcha asked by the throttle as login.throttled too', async () => {
    const stepUp = await startTestApp(kind, { captcha: 'step-up', env: { LOGIN_ACCOUNT_FAILURES: '3' } });
    try {
      const owner = await createPlayer(stepUp, name('Besieged'));
      for (let i = 0; i < 3; i++)
        expect(
          (await postLogin(stepUp, owner.username, `Guess${String(i)}x`, `10.0.0.${String(i + 1)}`))
            .statusCode,
        ).toBe(400);
      expectErrors(await postLogin(stepUp, owner.username, owner.password, '10.0.1.1'), 400, [
        ['', 'ERROR_CAPTCHA_REQUIRED'],
      ]);
      await stepUp.ctx.deferred.drain();
      const events = await stepUp.ctx.db
        .selectFrom('audit_events')
        .select(['ip', 'detail'])
        .where('type', '=', 'login.throttled')
        .where('user_id', '=', owner.id)
        .execute();
      expect(events.map((e) => [e.ip, (JSON.parse(e.detail ?? '{}') as { code?: unknown }).code])).toEqual([
        ['10.0.1.1', 'ERROR_CAPTCHA_REQUIRED'],
      ]);
    } finally {
      await stepUp.close();
    }
  });

  it('counts the deletion reasons and pages the free texts newest first, naming no player', async () => {
    const before = await get<DeletionReasonsResponse>('admin/deletion-reasons', viewer.token);
    expect(before.Types.map((type) => type.Description)).toContain('I have another account');
    const plain = before.Types.find((type) => !type.IsOther);
    const other = before.Types.find((type) => type.IsOther);
    if (!plain || !other) throw new Error('no deletion types seeded');
    const texts = ['Too many e-mails', '=HYPERLINK("x")', 'Moved to another platform', 'Bye'];
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const rows = [
      ...[0, 1, 2].map(() => ({ deletion_type_id: plain.Id, reason: null })),
      ...[0, 1].map(() => ({ deletion_type_id: null, reason: null })),
      ...texts.map((reason) => ({ deletion_type_id: other.Id, reason })),
    ];
    for (const [i, row] of rows.entries())
      await t.ctx.db
        .insertInto('deletion_feedback')
        .values({ ...row, created_at: new Date(base + i * 1000).toISOString() })
        .execute();

    const after = await get<DeletionReasonsResponse>('admin/deletion-reasons?limit=2', viewer.token);
    expect(after.Deletions).toBe(before.Deletions + rows.length);
    expect(after.Skipped).toBe(before.Skipped + 2);
    expect(after.WithText).toBe(before.WithText + texts.length);
    const count = (response: DeletionReasonsResponse, id: number) =>
      response.Types.find((type) => type.Id === id)?.Count ?? -1;
    expect(count(after, plain.Id)).toBe(count(before, plain.Id) + 3);
    expect(count(after, other.Id)).toBe(count(before, other.Id) + texts.length);
    expect(after.Types.map((type) => type.Id)).toEqual(before.Types.map((type) => type.Id));

    const seen: string[] = [];
    let page = after;
    let pages = 1;
    seen.push(...page.Reasons.map((reason) => reason.DeletionReason));
    while (page.NextCursor) {
      expect(page.Reasons.length).toBeLessThanOrEqual(2);
      page = await get<DeletionReasonsResponse>(
        `admin/deletion-reasons?limit=2&cursor=${page.NextCursor}`,
        viewer.token,
      );
      seen.push(...page.Reasons.map((reason) => reason.DeletionReason));
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen.length).toBe(after.WithText);
    // Newest first: the last seeded text comes first among these.
    expect(seen.filter((text) => texts.includes(text))).toEqual([...texts].reverse());
    const first = await call(t, 'GET', 'admin/deletion-reasons?limit=100', viewer.token);
    expect(Object.keys(json<DeletionReasonsResponse>(first).Reasons[0] ?? {}).sort()).toEqual([
      'At',
      'DeletionReason',
      'Id',
    ]);

    for (const cursor of ['nope', Buffer.from('yesterday|1').toString('base64url')])
      expectErrors(await call(t, 'GET', `admin/deletion-reasons?cursor=${cursor}`, viewer.token), 400, [
        ['cursor', 'ERROR_CURSOR_INVALID'],
      ]);
    for (const limit of ['0', '101', 'x'])
      expectErrors(await call(t, 'GET', `admin/deletion-reasons?limit=${limit}`, viewer.token), 400, [
        ['limit', 'ERROR_FIELD_INVALID'],
      ]);
  });

  it('exports every survey response as CSV across pages, formula cells neutralised, and audits it', async () => {
    const first = await surveyPlayer(t, name('Surveyed'));
    const answers = {
      ...validAnswers(),
      Country: '=HYPERLINK("http://evil.test","x")',
      HasInfluencers: true,
      Influencers: '+33 6 12, "quoted"',
      HasOtherStudios: true,
      OtherStudios: '-2+3',
      AdditionnalMessage: '@SUM(A1)',
    };
    const submitted = await postSurvey(t, first, submissionOf(first, answers));
    expect(submitted.statusCode, submitted.body).toBe(200);
    // More responses than a page of the export: players written straight into the store.
    const now = new Date().toISOString();
    const extra = SURVEY_EXPORT_PAGE + 3;
    const users = Array.from({ length: extra }, (_, i) => {
      const idUser = randomUUID();
      const username = `bulk${String(i)}${kind}`;
      return {
        id_user: idUser,
        username,
        username_normalized: username.toLowerCase(),
        email: `${username}@example.test`,
        email_normalized: `${username}@example.test`,
        password_hash: null,
        firstname: 'Bulk',
        avatar_url: '',
        titles: '',
        auth_type: 1,
        steam_check: 0,
        is_cookie_popup_seen: 0,
        newsletter_optin: 0,
        created_at: now,
        updated_at: now,
      };
    });
    const ids = await t.ctx.db.insertInto('users').values(users).returning('id').execute();
    await t.ctx.db
      .insertInto('survey_responses')
      .values(
        ids.map(({ id }, i) => ({
          user_id: id,
          steam_id: String(76_561_198_000_000_000n + BigInt(i)),
          username: users[i]?.username ?? '',
          answers: JSON.stringify({ ...validAnswers(), SocialNetworks: ['Twitter', 'Discord'] }),
          submitted_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const stored = Number(
      (
        await t.ctx.db
          .selectFrom('survey_responses')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const res = await call(t, 'GET', 'admin/survey/export', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="guildgate-survey-${dayAgo(0)}.csv"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    const [header, ...records] = lines.slice(0, -1);
    expect(header).toBe(SURVEY_EXPORT_COLUMNS.join(','));
    expect(records).toHaveLength(stored);
    const byId = new Map(
      records.map((line) => {
        const cells = csvCells(line);
        expect(cells).toHaveLength(SURVEY_EXPORT_COLUMNS.length);
        return [cells[0], Object.fromEntries(SURVEY_EXPORT_COLUMNS.map((c, i) => [c, cells[i]]))] as const;
      }),
    );
    expect(byId.size).toBe(stored);
    expect(byId.get(first.idUser)).toMatchObject({
      Username: first.username,
      SteamId: first.steamId,
      Age: '2',
      Gender: '3',
      Country: `'=HYPERLINK("http://evil.test","x")`,
      DevType: '3',
      FavoriteFeatures: 'Forums',
      OtherFavoriteFeatures: '',
      SocialNetworks: 'Twitter;Discord',
      HasOtherSocialNetworks: 'false',
      Gameinformationources: 'Wikis',
      HasInfluencers: 'true',
      Influencers: `'+33 6 12, "quoted"`,
      GamingWebsites: 'IGN',
      Reviews_Steam: '4',
      HasOtherStudios: 'true',
      OtherStudios: `'-2+3`,
      AdditionnalMessage: `'@SUM(A1)`,
    });
    expect(byId.get(users[extra - 1]?.id_user)).toMatchObject({ Country: 'France', AdditionnalMessage: '' });

    const trail = await get<{
      Events: {
        Type: string;
        Actor: { Id_User: string | null };
        Changes: unknown[];
        Details: unknown;
        Ip: string | null;
      }[];
    }>(`admin/audit?actor=${admin.idUser}&limit=100`, viewer.token);
    const exports = trail.Events.filter((event) => event.Type === 'staff.survey_exported');
    expect(exports[0]).toMatchObject({ Changes: [], Details: { rows: stored } });
    expect(exports[0]?.Ip).not.toBeNull();
    // The role check's export came first (fewer rows then).
    expect(exports).toHaveLength(2);
  });
});
