/**
 * The operator console's platform settings (issue 24 §3; settings-routes.ts, settings.ts), on every
 * store, through the real app with real staff (a second factor and a full authentication): every route
 * refuses a plain player (403 ERROR_STAFF_ROLE_REQUIRED) and each role below its permission (403
 * ERROR_STAFF_ROLE_INSUFFICIENT: viewer and support read, only an admin changes or exports); bad input is
 * a §8 400, never a 500; every change is audited and read back through GET admin/audit, never with an
 * access key in it. Access keys: generated in one batch of up to 10,000, listed by pages and state,
 * revoked by keys, ids or batch — a revoked key is refused at validation and registration —, exported as
 * CSV with formula cells escaped. IP bans: a banned range is refused on a real call until the ban is
 * removed; a range of everyone or holding the caller's address is refused. Newsletter lists and cookie
 * categories: the player's GET newsletter / GET cookie show each change at once; a removed list takes
 * its opt-ins (and the consent of players left on none); necessary and consent-cookie categories keep
 * what spec §4/§9 need; what the console changed stays when a node starts again (the seed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  ErrorBodySchema,
  type AdminAccessKeysResponse,
  type AdminCookieCategoriesResponse,
  type AdminIpBan,
  type AdminIpBansResponse,
  type AdminNewsletterList,
  type AdminNewsletterListsResponse,
  type CookieCategory,
  type Endpoint,
  type NewsletterResponse,
  type StaffAuditResponse,
} from '@guildgate/contracts';
import type { LightMyRequestResponse } from 'fastify';
import {
  ANONYMOUS,
  STORES,
  asUser,
  json,
  registerForm,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { expectErrors, postRegister, type Player } from '../../test/helpers.ts';
import { seedReferenceData } from '../../db/seed.ts';
import { call, type FactorPlayer, consoleCast } from './test-support.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Every settings route, the permission it needs, and a valid body when it takes one. */
const SETTINGS_ROUTES = [
  { method: 'GET', url: 'admin/access-keys', permission: 'platform.read' },
  { method: 'POST', url: 'admin/access-keys', permission: 'platform.manage', payload: { Count: 1 } },
  { method: 'POST', url: 'admin/access-keys/revoke', permission: 'platform.manage', payload: { Ids: [1] } },
  { method: 'GET', url: 'admin/access-keys/export', permission: 'players.export' },
  { method: 'GET', url: 'admin/ip-bans', permission: 'platform.read' },
  { method: 'POST', url: 'admin/ip-bans', permission: 'platform.manage', payload: { Range: '192.0.2.1' } },
  { method: 'DELETE', url: 'admin/ip-bans/{id}', permission: 'platform.manage' },
  { method: 'GET', url: 'admin/newsletter-lists', permission: 'platform.read' },
  { method: 'POST', url: 'admin/newsletter-lists', permission: 'platform.manage', payload: { Name: 'X' } },
  {
    method: 'PUT',
    url: 'admin/newsletter-lists/{id}',
    permission: 'platform.manage',
    payload: { Name: 'X' },
  },
  { method: 'DELETE', url: 'admin/newsletter-lists/{id}', permission: 'platform.manage' },
  { method: 'GET', url: 'admin/cookie-categories', permission: 'platform.read' },
  {
    method: 'POST',
    url: 'admin/cookie-categories',
    permission: 'platform.manage',
    payload: { Name: 'X', Description: 'Y', IsActive: true, IsOptional: true },
  },
  {
    method: 'PUT',
    url: 'admin/cookie-categories/{id}',
    permission: 'platform.manage',
    payload: { Name: 'X', Description: 'Y', IsActive: true, IsOptional: true },
  },
  { method: 'DELETE', url: 'admin/cookie-categories/{id}', permission: 'platform.manage' },
] as const satisfies readonly { method: Method; url: string; permission: string; payload?: unknown }[];

/** The settings paths (the rest of admin/… is slice 1's, staff.test.ts). */
const SETTINGS_PATH = /^admin\/(access-keys|ip-bans|newsletter-lists|cookie-categories)(\/|$)/;

const KEY_FORMAT = /^GG-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A §8 400: `ErrorMessages` of `{ Property, ErrorMessage }`, at least one. */
function expectBadRequest(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  const body = ErrorBodySchema.parse(json(res));
  expect(body.ErrorMessages.length, label).toBeGreaterThan(0);
}

describe.each(STORES)('the console platform settings on %s', (kind) => {
  let t: TestApp;
  let admin: FactorPlayer;
  let support: FactorPlayer;
  let viewer: FactorPlayer;
  let player: Player;
  let playerToken: string;
  const name = (base: string) => `${base}${kind === 'sqlite' ? 'Sq' : 'Pg'}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ admin, support, viewer, player, playerToken } = await consoleCast(t, 'Set', name('')));
    // Access-key registration (FEATURE_REGISTER_WITH_ACCESS_KEYS) on from here: the staff and the player
    // above registered without a key, the registrations below need one. The flag is read at each call.
    (t.ctx.config.features as { registerWithAccessKeys: boolean }).registerWithAccessKeys = true;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const ok = async <T>(method: Method, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await call(t, method, url, admin.token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return json<T>(res);
  };
  /** The admin's audit events of `type`, newest first (through GET admin/audit). */
  const auditOf = async (type: string) =>
    (await ok<StaffAuditResponse>('GET', `admin/audit?actor=${admin.idUser}&limit=100`)).Events.filter(
      (e) => e.Type === type,
    );
  const change = (event: StaffAuditResponse['Events'][number], field: string) =>
    event.Changes.find((c) => c.Field === field);

  it('tests every settings route of the endpoint table', () => {
    const table = (Object.values(ENDPOINTS) as Endpoint[])
      .filter((endpoint) => SETTINGS_PATH.test(endpoint.path))
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(SETTINGS_ROUTES.map((route) => `${route.method} ${route.url}`).sort()).toEqual(table.sort());
  });

  it('refuses a player, and each role below the permission; viewer and support read', async () => {
    const roles: [string, string, Set<string>][] = [
      ['viewer', viewer.token, new Set(['platform.read'])],
      ['support', support.token, new Set(['platform.read'])],
    ];
    for (const route of SETTINGS_ROUTES) {
      const url = route.url.replace('{id}', '1');
      const payload = 'payload' in route ? route.payload : undefined;
      const label = `${route.method} ${route.url}`;
      expectErrors(await call(t, route.method, url, playerToken, payload), 403, [
        ['', 'ERROR_STAFF_ROLE_REQUIRED'],
      ]);
      for (const [role, token, allowed] of roles) {
        const res = await call(t, route.method, url, token, payload);
        expect(res.headers['cache-control'], label).toBe('no-store');
        if (allowed.has(route.permission)) expect(res.statusCode, `${role} ${label}: ${res.body}`).toBe(200);
        else expectErrors(res, 403, [['', 'ERROR_STAFF_ROLE_INSUFFICIENT']]);
      }
    }
    // Nothing was changed by the refused calls.
    expect((await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys')).Keys).toEqual([]);
    expect((await ok<AdminIpBansResponse>('GET', 'admin/ip-bans')).Bans).toEqual([]);
  });

  it('answers bad input with a §8 400, never a 500', async () => {
    const bad: [Method, string, unknown][] = [
      ['GET', 'admin/access-keys?state=lost', undefined],
      ['GET', 'admin/access-keys?limit=0', undefined],
      ['GET', 'admin/access-keys?limit=101', undefined],
      ['GET', 'admin/access-keys?cursor=not-a-cursor', undefined],
      ['GET', 'admin/access-keys/export?state=lost', undefined],
      ['POST', 'admin/access-keys', {}],
      ['POST', 'admin/access-keys', { Count: 0 }],
      ['POST', 'admin/access-keys', { Count: 10_001 }],
      ['POST', 'admin/access-keys', { Count: 1.5 }],
      ['POST', 'admin/access-keys', { Count: '3' }],
      ['POST', 'admin/access-keys', { Count: 1, Batch: 'x'.repeat(101) }],
      ['POST', 'admin/access-keys', { Count: 1, ExpiresInDays: 0 }],
      ['POST', 'admin/access-keys/revoke', {}],
      ['POST', 'admin/access-keys/revoke', { Keys: ['GG-0000'], Batch: 'launch' }],
      ['POST', 'admin/access-keys/revoke', { Keys: [] }],
      ['POST', 'admin/access-keys/revoke', { Ids: ['x'] }],
      ['POST', 'admin/ip-bans', {}],
      ['POST', 'admin/ip-bans', { Range: 42 }],
      ['POST', 'admin/ip-bans', { Range: '192.0.2.1', Days: 0 }],
      ['DELETE', 'admin/ip-bans/abc', undefined],
      ['DELETE', 'admin/ip-bans/0', undefined],
      ['DELETE', 'admin/ip-bans/99999999999', undefined],
      ['POST', 'admin/newsletter-lists', { Name: '' }],
      ['POST', 'admin/newsletter-lists', { Name: 'x'.repeat(101) }],
      ['POST', 'admin/newsletter-lists', { Name: 'A', Translations: [{ Locale: 'en', Name: 'A' }] }],
      ['POST', 'admin/newsletter-lists', { Name: 'A', Translations: [{ Locale: 'de', Name: 'A' }] }],
      [
        'POST',
        'admin/newsletter-lists',
        {
          Name: 'A',
          Translations: [
            { Locale: 'fr', Name: 'A' },
            { Locale: 'fr', Name: 'B' },
          ],
        },
      ],
      ['PUT', 'admin/newsletter-lists/x', { Name: 'A' }],
      ['POST', 'admin/cookie-categories', { Name: 'A', Description: 'B' }],
      ['POST', 'admin/cookie-categories', { Name: 'A', Description: '', IsActive: true, IsOptional: true }],
      ['PUT', 'admin/cookie-categories/1', { Name: 'A', Description: 'B', IsActive: 1, IsOptional: true }],
    ];
    for (const [method, url, payload] of bad) {
      expectBadRequest(
        await call(t, method, url, admin.token, payload),
        `${method} ${url} ${JSON.stringify(payload)}`,
      );
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/access-keys',
      headers: { ...asUser(admin.token), 'content-type': 'application/json' },
      payload: '{not json',
    });
    expectBadRequest(text, 'malformed JSON');
  });

  it('generates keys once, lists them by pages and state, and audits the count only', async () => {
    const generated = await ok<{ Keys: string[]; Batch: string | null; ExpiresAt: string | null }>(
      'POST',
      'admin/access-keys',
      { Count: 5, Batch: 'launch', ExpiresInDays: 30 },
      201,
    );
    expect(generated.Keys).toHaveLength(5);
    expect(new Set(generated.Keys).size).toBe(5);
    for (const key of generated.Keys) expect(key).toMatch(KEY_FORMAT);
    expect(generated.Batch).toBe('launch');
    expect(Date.parse(generated.ExpiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const forever = await ok<{ Keys: string[]; ExpiresAt: string | null }>(
      'POST',
      'admin/access-keys',
      { Count: 2 },
      201,
    );
    expect(forever.ExpiresAt).toBeNull();

    // A generated key registers a player; the list then names them.
    const registered = await postRegister(
      t,
      registerForm(name('Keyed'), { AccessKeyValue: generated.Keys[0] }),
    );
    expect(registered.statusCode, registered.body).toBe(201);

    // Pages of 3 walk every key once, newest first.
    const seen: AdminAccessKeysResponse['Keys'] = [];
    let cursor: string | null = null;
    do {
      const page: AdminAccessKeysResponse = await ok<AdminAccessKeysResponse>(
        'GET',
        `admin/access-keys?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.Keys.length).toBeLessThanOrEqual(3);
      seen.push(...page.Keys);
      cursor = page.NextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen.map((k) => k.Id)).size).toBe(7);
    expect(seen.slice(0, 2).every((k) => k.Batch === null)).toBe(true);
    const used = seen.filter((k) => k.State === 'used');
    expect(used).toHaveLength(1);
    expect(used[0]?.UsedBy?.Username).toBe(name('Keyed'));
    expect(used[0]?.Batch).toBe('launch');
    expect(JSON.stringify(seen)).not.toContain(generated.Keys[1]);

    const unused = await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=unused');
    expect(unused.Keys).toHaveLength(6);
    expect((await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=used')).Keys).toHaveLength(1);
    expect((await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=expired')).Keys).toHaveLength(
      0,
    );

    const events = await auditOf('staff.access_keys_generated');
    expect(events).toHaveLength(2);
    expect(events.map((e) => [change(e, 'count')?.To, change(e, 'batch')?.To ?? null])).toEqual([
      ['2', null],
      ['5', 'launch'],
    ]);
    expect(events[1]?.Actor).toMatchObject({ Kind: 'staff', Id_User: admin.idUser });
    const trail = JSON.stringify(await ok<StaffAuditResponse>('GET', 'admin/audit?limit=100'));
    for (const key of [...generated.Keys, ...forever.Keys]) expect(trail).not.toContain(key);
  });

  it('revokes unused keys by keys, ids or batch; a revoked key is refused at validation and registration', async () => {
    const batch = await ok<{ Keys: string[] }>(
      'POST',
      'admin/access-keys',
      { Count: 3, Batch: 'to-revoke' },
      201,
    );
    const single = await ok<{ Keys: string[] }>('POST', 'admin/access-keys', { Count: 2 }, 201);
    const validate = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accesskey/validate',
        headers: ANONYMOUS,
        payload: { Value: key },
      });
    expect((await validate(single.Keys[0] ?? '')).statusCode).toBe(200);

    // By the key as handed out (any case, spaces around); unknown keys are not counted.
    expect(
      await ok('POST', 'admin/access-keys/revoke', {
        Keys: [` ${(single.Keys[0] ?? '').toLowerCase()} `, 'GG-0000-0000-0000-0000'],
      }),
    ).toEqual({ Revoked: 1 });
    expectErrors(await validate(single.Keys[0] ?? ''), 400, [['Value', 'ERROR_ACCESS_KEY_NON_EXISTANT']]);
    expectErrors(
      await postRegister(t, registerForm(name('Revoked'), { AccessKeyValue: single.Keys[0] })),
      400,
      [['AccessKeyValue', 'ERROR_ACCESS_KEY_NON_EXISTANT']],
    );

    // By batch: all three; again: none left to revoke.
    expect(await ok('POST', 'admin/access-keys/revoke', { Batch: 'to-revoke' })).toEqual({ Revoked: 3 });
    expect(await ok('POST', 'admin/access-keys/revoke', { Batch: 'to-revoke' })).toEqual({ Revoked: 0 });
    for (const key of batch.Keys)
      expectErrors(await validate(key), 400, [['Value', 'ERROR_ACCESS_KEY_NON_EXISTANT']]);

    // By id, from the list; a used key is not revoked.
    const list = await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=unused&limit=100');
    const usedKeys = await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=used');
    // The oldest unused key (of the first test's batch).
    const target = list.Keys.at(-1);
    expect(
      await ok('POST', 'admin/access-keys/revoke', { Ids: [target?.Id ?? 0, usedKeys.Keys[0]?.Id ?? 0] }),
    ).toEqual({ Revoked: 1 });
    const revoked = await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=revoked&limit=100');
    expect(revoked.Keys).toHaveLength(5);
    expect(revoked.Keys.every((k) => k.RevokedAt !== null && k.UsedAt === null)).toBe(true);
    expect((await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?state=used')).Keys).toHaveLength(1);
    // The other unused key still works.
    expect((await validate(single.Keys[1] ?? '')).statusCode).toBe(200);

    const events = await auditOf('staff.access_keys_revoked');
    expect(events.map((e) => change(e, 'count')?.To)).toEqual(['1', '0', '3', '1']);
    expect(events[1] && change(events[1], 'batch')?.To).toBe('to-revoke');
  });

  it('exports the keys as CSV with formula cells escaped, to admins only, audited', async () => {
    await ok('POST', 'admin/access-keys', { Count: 1, Batch: '=HYPERLINK("http://evil.test")' }, 201);
    await ok('POST', 'admin/access-keys', { Count: 1, Batch: '@SUM(1)' }, 201);
    expectErrors(await call(t, 'GET', 'admin/access-keys/export', support.token), 403, [
      ['', 'ERROR_STAFF_ROLE_INSUFFICIENT'],
    ]);
    const res = await call(t, 'GET', 'admin/access-keys/export', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="access-keys.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Id,Batch,State,CreatedAt,ExpiresAt,UsedAt,UsedBy_Id_User,UsedBy_Username,RevokedAt',
    );
    const all = await ok<AdminAccessKeysResponse>('GET', 'admin/access-keys?limit=100');
    expect(lines).toHaveLength(all.Keys.length + 1);
    expect(lines[1]).toContain(",'@SUM(1),");
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(res.body).not.toMatch(/(^|,)[=@+-]/m);
    expect(res.body).toContain(name('Keyed'));

    const usedOnly = await call(t, 'GET', 'admin/access-keys/export?state=used', admin.token);
    expect(usedOnly.body.trim().split('\n')).toHaveLength(2);

    const events = await auditOf('staff.access_keys_exported');
    expect(events.map((e) => [change(e, 'count')?.To, change(e, 'state')?.To ?? null])).toEqual([
      ['1', 'used'],
      [String(all.Keys.length), null],
    ]);
  });

  it('bans a range: a real call from it is refused until the ban is removed; audited', async () => {
    const identify = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/log/identify',
        headers: ANONYMOUS,
        payload: { UsernameOrEmail: player.username },
        remoteAddress: ip,
      });
    expect((await identify('203.0.113.9')).statusCode).toBe(200);
    const ban = await ok<AdminIpBan>(
      'POST',
      'admin/ip-bans',
      { Range: ' 203.0.113.0/24 ', Reason: 'abuse' },
      201,
    );
    expect(ban).toMatchObject({ Range: '203.0.113.0/24', Reason: 'abuse', ExpiresAt: null });
    expectErrors(await identify('203.0.113.9'), 400, [['', 'ERROR_USER_IP_BANNED']]);
    expectErrors(await identify('::ffff:203.0.113.10'), 400, [['', 'ERROR_USER_IP_BANNED']]);
    expect((await identify('198.51.100.1')).statusCode).toBe(200);

    // IPv6, normalised; banning it again replaces the ban.
    const v6 = await ok<AdminIpBan>('POST', 'admin/ip-bans', { Range: '2001:DB8:0::/32' }, 201);
    expect(v6.Range).toBe('2001:db8::/32');
    const again = await ok<AdminIpBan>('POST', 'admin/ip-bans', { Range: '2001:db8::/32', Days: 7 }, 201);
    expect(again.Id).toBe(v6.Id);
    expect(Date.parse(again.ExpiresAt ?? '')).toBeGreaterThan(Date.now());
    expectErrors(await identify('2001:db8::5'), 400, [['', 'ERROR_USER_IP_BANNED']]);
    const listed = await ok<AdminIpBansResponse>('GET', 'admin/ip-bans');
    expect(listed.Bans.map((b) => b.Range)).toEqual(['2001:db8::/32', '203.0.113.0/24']);
    expect((await call(t, 'GET', 'admin/ip-bans', viewer.token)).statusCode).toBe(200);

    expect(await ok('DELETE', `admin/ip-bans/${ban.Id}`)).toEqual({ Success: true });
    expect((await identify('203.0.113.9')).statusCode).toBe(200);
    expectErrors(await call(t, 'DELETE', `admin/ip-bans/${ban.Id}`, admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);
    expect(await ok('DELETE', `admin/ip-bans/${v6.Id}`)).toEqual({ Success: true });
    expect((await ok<AdminIpBansResponse>('GET', 'admin/ip-bans')).Bans).toEqual([]);

    const added = await auditOf('staff.ip_ban_added');
    expect(added.map((e) => change(e, 'range')?.To ?? null)).toEqual([
      null,
      '2001:db8::/32',
      '203.0.113.0/24',
    ]);
    expect(added[0] && change(added[0], 'expires_at')?.From).toBeNull();
    const removed = await auditOf('staff.ip_ban_removed');
    expect(removed.map((e) => change(e, 'range')?.From)).toEqual(['2001:db8::/32', '203.0.113.0/24']);
    expect(removed[0]?.Ip).toBe('127.0.0.1');
  });

  it("refuses a range of every address, one holding the caller's own, and what is no range", async () => {
    for (const [range, code] of [
      ['0.0.0.0/0', 'ERROR_IP_BAN_RANGE_EVERYONE'],
      ['::/0', 'ERROR_IP_BAN_RANGE_EVERYONE'],
      ['127.0.0.1', 'ERROR_IP_BAN_OWN_ADDRESS'],
      ['127.0.0.0/8', 'ERROR_IP_BAN_OWN_ADDRESS'],
      ['localhost', 'ERROR_IP_BAN_RANGE_INVALID'],
      ['10.0.0.0/33', 'ERROR_IP_BAN_RANGE_INVALID'],
      ['10.0.0.0/8/1', 'ERROR_IP_BAN_RANGE_INVALID'],
    ] as const)
      expectErrors(await call(t, 'POST', 'admin/ip-bans', admin.token, { Range: range }), 400, [
        ['Range', code],
      ]);
    // From another address, that one is the caller's.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/admin/ip-bans',
      headers: asUser(admin.token),
      payload: { Range: '198.51.100.0/24' },
      remoteAddress: '198.51.100.20',
    });
    expectErrors(own, 400, [['Range', 'ERROR_IP_BAN_OWN_ADDRESS']]);
    expect((await ok<AdminIpBansResponse>('GET', 'admin/ip-bans')).Bans).toEqual([]);
  });

  it('creates, changes and removes newsletter lists; the player sees each change; audited', async () => {
    const newsletter = (locale = 'en') =>
      t.app
        .inject({
          method: 'GET',
          url: '/api/newsletter',
          headers: { ...asUser(playerToken), 'accept-language': locale },
        })
        .then((res) => {
          expect(res.statusCode, res.body).toBe(200);
          return json<NewsletterResponse>(res);
        });
    const before = await ok<AdminNewsletterListsResponse>('GET', 'admin/newsletter-lists');
    expect(before.Lists.length).toBeGreaterThan(0);
    expect(before.Lists[0]?.Translations.map((tr) => tr.Locale)).toEqual(['fr']);

    const created = await ok<AdminNewsletterList>(
      'POST',
      'admin/newsletter-lists',
      { Name: 'Tournament news', Translations: [{ Locale: 'fr', Name: 'Actualités des tournois' }] },
      201,
    );
    expect(created).toMatchObject({ Name: 'Tournament news', OptInCount: 0 });
    expect((await newsletter()).OptInList.map((l) => l.ListName)).toContain('Tournament news');
    expect((await newsletter('fr')).OptInList.map((l) => l.ListName)).toContain('Actualités des tournois');
    expectErrors(
      await call(t, 'POST', 'admin/newsletter-lists', admin.token, { Name: 'Tournament news' }),
      400,
      [['Name', 'ERROR_NEWSLETTER_LIST_NAME_TAKEN']],
    );

    const changed = await ok<AdminNewsletterList>('PUT', `admin/newsletter-lists/${created.Id}`, {
      Name: 'Esports news',
    });
    expect(changed).toMatchObject({ Id: created.Id, Name: 'Esports news', Translations: [] });
    expect((await newsletter('fr')).OptInList.find((l) => l.ListId === created.Id)?.ListName).toBe(
      'Esports news',
    );
    expectErrors(
      await call(t, 'PUT', `admin/newsletter-lists/${created.Id}`, admin.token, {
        Name: before.Lists[0]?.Name,
      }),
      400,
      [['Name', 'ERROR_NEWSLETTER_LIST_NAME_TAKEN']],
    );
    expectErrors(await call(t, 'PUT', 'admin/newsletter-lists/999999', admin.token, { Name: 'Nope' }), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);

    // The player joins it only: removing it takes the opt-in and their general consent.
    const join = await call(t, 'POST', 'newsletter/optin-user', playerToken, {
      ListId: created.Id,
      IsOptIn: true,
      IsG2GOptIn: true,
    });
    expect(join.statusCode, join.body).toBe(200);
    expect((await newsletter()).IsG2GOptIn).toBe(true);
    const withOptIn = await ok<AdminNewsletterListsResponse>('GET', 'admin/newsletter-lists');
    expect(withOptIn.Lists.find((l) => l.Id === created.Id)?.OptInCount).toBe(1);
    expect(await ok('DELETE', `admin/newsletter-lists/${created.Id}`)).toEqual({ Success: true });
    const after = await newsletter();
    expect(after.OptInList.map((l) => l.ListId)).not.toContain(created.Id);
    expect(after.IsG2GOptIn).toBe(false);
    expect(
      await t.ctx.db
        .selectFrom('user_newsletter_optins')
        .select('id')
        .where('list_id', '=', created.Id)
        .execute(),
    ).toEqual([]);
    expectErrors(await call(t, 'DELETE', `admin/newsletter-lists/${created.Id}`, admin.token), 404, [
      ['', 'ERROR_NOT_FOUND'],
    ]);

    const saved = await auditOf('staff.newsletter_list_saved');
    expect(saved.map((e) => [change(e, 'name')?.From ?? null, change(e, 'name')?.To ?? null])).toEqual([
      ['Tournament news', 'Esports news'],
      [null, 'Tournament news'],
    ]);
    expect(saved[0] && change(saved[0], 'name_fr')).toEqual({
      Field: 'name_fr',
      From: 'Actualités des tournois',
      To: null,
    });
    const removed = await auditOf('staff.newsletter_list_removed');
    expect(removed).toHaveLength(1);
    expect(removed[0] && change(removed[0], 'opt_ins')?.From).toBe('1');
    expect(removed[0] && change(removed[0], 'name')?.From).toBe('Esports news');
  });

  it('creates, changes and removes cookie categories, keeping the necessary and consent ones; audited', async () => {
    const cookies = (locale = 'en') =>
      t.app
        .inject({ method: 'GET', url: '/api/cookie', headers: { ...ANONYMOUS, 'accept-language': locale } })
        .then((res) => {
          expect(res.statusCode, res.body).toBe(200);
          return json<CookieCategory[]>(res);
        });
    const { Categories } = await ok<AdminCookieCategoriesResponse>('GET', 'admin/cookie-categories');
    const necessary = Categories.find((c) => !c.IsOptional);
    const analytics = Categories.find((c) => c.Name === 'Analytical cookies');
    expect(necessary && analytics).toBeTruthy();
    if (!necessary || !analytics) return;

    const body = {
      Name: 'Preference cookies',
      Description: 'Remember your display choices.',
      IsActive: true,
      IsOptional: true,
      Translations: [
        { Locale: 'fr', Name: 'Cookies de préférences', Description: "Retiennent vos choix d'affichage." },
      ],
    };
    const created = await ok<AdminCookieCategoriesResponse['Categories'][number]>(
      'POST',
      'admin/cookie-categories',
      body,
      201,
    );
    expect(created).toMatchObject({ Name: 'Preference cookies', IsOptional: true });
    expect((await cookies('fr')).find((c) => c.Id === created.Id)).toMatchObject({
      CanonicalName: 'Preference cookies',
      Name: 'Cookies de préférences',
      IsOptional: true,
    });
    expectErrors(await call(t, 'POST', 'admin/cookie-categories', admin.token, body), 400, [
      ['Name', 'ERROR_COOKIE_CATEGORY_NAME_TAKEN'],
    ]);

    const changed = await ok<AdminCookieCategoriesResponse['Categories'][number]>(
      'PUT',
      `admin/cookie-categories/${created.Id}`,
      { ...body, Description: 'Remember your choices.', IsActive: false, Translations: [] },
    );
    expect(changed).toMatchObject({
      Description: 'Remember your choices.',
      IsActive: false,
      Translations: [],
    });
    expect((await cookies('fr')).find((c) => c.Id === created.Id)).toMatchObject({
      Name: 'Preference cookies',
      Description: 'Remember your choices.',
      IsActive: false,
    });

    // What spec §4 and §9 need stays.
    const put = (id: number, changes: Record<string, unknown>, category = necessary) =>
      call(t, 'PUT', `admin/cookie-categories/${id}`, admin.token, {
        Name: category.Name,
        Description: category.Description,
        IsActive: category.IsActive,
        IsOptional: category.IsOptional,
        ...changes,
      });
    expectErrors(await put(necessary.Id, { IsOptional: true }), 400, [
      ['IsOptional', 'ERROR_COOKIE_CATEGORY_NECESSARY'],
    ]);
    expectErrors(await call(t, 'DELETE', `admin/cookie-categories/${necessary.Id}`, admin.token), 400, [
      ['', 'ERROR_COOKIE_CATEGORY_NECESSARY'],
    ]);
    expectErrors(await put(analytics.Id, { Name: 'Statistics' }, analytics), 400, [
      ['Name', 'ERROR_COOKIE_CATEGORY_CONSENT_COOKIE'],
    ]);
    expectErrors(await put(analytics.Id, { IsOptional: false }, analytics), 400, [
      ['IsOptional', 'ERROR_COOKIE_CATEGORY_CONSENT_COOKIE'],
    ]);
    expectErrors(await call(t, 'DELETE', `admin/cookie-categories/${analytics.Id}`, admin.token), 400, [
      ['', 'ERROR_COOKIE_CATEGORY_CONSENT_COOKIE'],
    ]);
    // Its texts may change.
    const described = await put(analytics.Id, { Description: 'Anonymous statistics.' }, analytics);
    expect(described.statusCode, described.body).toBe(200);
    expect((await cookies()).find((c) => c.Id === analytics.Id)?.Description).toBe('Anonymous statistics.');
    expectErrors(await put(999_999, {}), 404, [['', 'ERROR_NOT_FOUND']]);

    // A player's choice on the removed category goes with it.
    const choice = await call(t, 'POST', `cookie/user/${player.idUser}/set-cookie`, playerToken, {
      Id_Cookie: created.Id,
      IsAccepted: true,
    });
    expect(choice.statusCode, choice.body).toBe(200);
    expect(await ok('DELETE', `admin/cookie-categories/${created.Id}`)).toEqual({ Success: true });
    expect((await cookies()).map((c) => c.Id)).not.toContain(created.Id);
    expect(
      await t.ctx.db
        .selectFrom('user_cookie_consents')
        .select('user_id')
        .where('cookie_id', '=', created.Id)
        .execute(),
    ).toEqual([]);

    const saved = await auditOf('staff.cookie_category_saved');
    expect(saved).toHaveLength(3);
    expect(saved.map((e) => change(e, 'category')?.From ?? null)).toEqual([
      String(analytics.Id),
      String(created.Id),
      null,
    ]);
    expect(saved[1] && change(saved[1], 'is_active')).toEqual({
      Field: 'is_active',
      From: 'true',
      To: 'false',
    });
    const removed = await auditOf('staff.cookie_category_removed');
    expect(removed).toHaveLength(1);
    expect(removed[0] && change(removed[0], 'choices')?.From).toBe('1');
  });

  it('keeps what the console changed when a node starts again (the reference data seed)', async () => {
    const { Lists } = await ok<AdminNewsletterListsResponse>('GET', 'admin/newsletter-lists');
    const [renamed, removed] = [Lists.at(0), Lists.at(1)];
    if (!renamed || !removed) throw new Error('the seed wrote fewer than two lists');
    await ok('PUT', `admin/newsletter-lists/${renamed.Id}`, { Name: 'Community digest' });
    await ok('DELETE', `admin/newsletter-lists/${removed.Id}`);
    const categories = await ok<AdminCookieCategoriesResponse>('GET', 'admin/cookie-categories');
    await seedReferenceData(t.ctx.db, {
      publicUrl: t.config.publicUrl,
      portalClientId: t.config.portalClientId,
      redirectPatterns: t.config.redirectPatterns,
    });
    const after = await ok<AdminNewsletterListsResponse>('GET', 'admin/newsletter-lists');
    expect(after.Lists.map((l) => l.Name)).toEqual(
      Lists.filter((l) => l.Id !== removed.Id).map((l) =>
        l.Id === renamed.Id ? 'Community digest' : l.Name,
      ),
    );
    expect(await ok('GET', 'admin/cookie-categories')).toEqual(categories);
  });

  it('generates the largest batch, 10,000 keys, in one call', async () => {
    const res = await call(t, 'POST', 'admin/access-keys', admin.token, { Count: 10_000, Batch: 'bulk' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    expect(new Set(json<{ Keys: string[] }>(res).Keys).size).toBe(10_000);
    const row = await t.ctx.db
      .selectFrom('access_keys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('note', '=', 'bulk')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(10_000);
  }, 60_000);
});
