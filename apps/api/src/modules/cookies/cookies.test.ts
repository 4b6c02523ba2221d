/**
 * Cookie consent API (spec §3 Cookie category; §4 Cookie consent; §7 GET cookie, GET
 * cookie/user/{id}, POST cookie/user/{id}/accept-all, POST cookie/user/{id}/set-cookie, POST
 * profile/user/{id}/see-cookie-popup; §8 shape). Real app, real store (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL), players made through the API; the categories are the seeded reference data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CookieCategoriesResponseSchema,
  SuccessResponseSchema,
  UserSchema,
  type CookieCategory,
} from '@guildgate/contracts';
import { deleteCookieConsents } from './service.ts';
import {
  HUGE,
  NAUGHTY,
  OVER_BODY_LIMIT,
  collectProblems,
  label,
  pathSegment,
} from '../../test/bad-input-support.ts';
import {
  ANONYMOUS,
  STORES,
  TEST_API_KEY,
  asUser,
  json,
  startTestApp,
  type TestApp,
} from '../../test/harness.ts';
import { countRows, createPlayer, expectErrors, sessionOf, type Player } from '../../test/helpers.ts';

/** Injection strings of the shared corpora (DESIGN.md §7), one per line. */
const CORPUS_DIR = path.resolve(import.meta.dirname, '../../../../../../shared/corpora/payloadsallthethings');
const INJECTIONS: string[] = ['SQLi_Polyglots.txt', 'NoSQL.txt', 'XSS_Polyglots.txt'].flatMap((file) =>
  fs
    .readFileSync(path.join(CORPUS_DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== ''),
);

/** The seeded categories (apps/api/src/db/seed.ts) as the store holds them. */
interface SeededCategory {
  id: number;
  name: string;
  description: string;
  is_active: number;
  is_optional: number;
}

describe.each(STORES)('cookie consent on %s', (kind) => {
  let t: TestApp;
  let a: Player;
  let b: Player;
  let tokenA: string;
  let tokenB: string;
  let seeded: SeededCategory[];
  /** Ids of the optional categories; of the necessary one. */
  let optionalIds: number[];
  let necessaryId: number;
  let analyticsId: number;
  let marketingId: number;

  const userUrl = (player: Player | string, suffix = '') =>
    `/api/cookie/user/${typeof player === 'string' ? pathSegment(player) : player.idUser}${suffix}`;
  const getMine = (player: Player, token: string) =>
    t.app.inject({ method: 'GET', url: userUrl(player), headers: asUser(token) });
  const acceptAll = (payload: unknown, headers = asUser(tokenA), player: Player | string = a) =>
    t.app.inject({
      method: 'POST',
      url: userUrl(player, '/accept-all'),
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const setCookie = (payload: unknown, headers = asUser(tokenA), player: Player | string = a) =>
    t.app.inject({
      method: 'POST',
      url: userUrl(player, '/set-cookie'),
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const seePopup = (headers = asUser(tokenA), player: Player | string = a, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/profile/user/${typeof player === 'string' ? pathSegment(player) : player.idUser}/see-cookie-popup`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  /** GET cookie/user/{id} as `Id → IsAccepted`. */
  const choicesOf = async (player: Player, token: string): Promise<Record<number, boolean>> => {
    const res = await getMine(player, token);
    expect(res.statusCode).toBe(200);
    const list = CookieCategoriesResponseSchema.parse(json(res));
    return Object.fromEntries(list.map((c) => [c.Id, c.IsAccepted]));
  };
  /** The choices every category has before any is made: only the necessary one is accepted. */
  const defaults = () => Object.fromEntries(seeded.map((c) => [c.id, c.is_optional === 0]));
  const popupSeen = async (player: Player, token: string): Promise<boolean> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}`,
      headers: asUser(token),
    });
    expect(res.statusCode).toBe(200);
    return UserSchema.parse(json(res)).IsCookiePopupSeen;
  };
  const rowsOf = (player: Player) =>
    t.ctx.db
      .selectFrom('user_cookie_consents')
      .select(['cookie_id', 'is_accepted'])
      .where('user_id', '=', player.id)
      .orderBy('cookie_id')
      .execute();
  const auditOf = (player: Player, type: string) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['detail'])
      .where('user_id', '=', player.id)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
  const clearConsents = () => t.ctx.db.deleteFrom('user_cookie_consents').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    [a, b] = await Promise.all([createPlayer(t, 'CookieA'), createPlayer(t, 'CookieB')]);
    tokenA = (await sessionOf(t, a)).token.Value;
    tokenB = (await sessionOf(t, b)).token.Value;
    seeded = await t.ctx.db.selectFrom('cookie_categories').selectAll().orderBy('id').execute();
    optionalIds = seeded.filter((c) => c.is_optional === 1).map((c) => c.id);
    necessaryId = seeded.find((c) => c.is_optional === 0)!.id;
    analyticsId = seeded.find((c) => c.name === 'Analytical cookies')!.id;
    marketingId = seeded.find((c) => c.name === 'Marketing cookies')!.id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clearConsents();
  });

  it('has the seeded categories of spec §9: a necessary one, Analytical cookies and Marketing cookies', () => {
    expect(seeded.map((c) => [c.name, c.is_optional])).toEqual([
      ['Necessary cookies', 0],
      ['Analytical cookies', 1],
      ['Marketing cookies', 1],
    ]);
  });

  describe('GET cookie', () => {
    it('lists every category; IsAccepted is true only for the necessary ones', async () => {
      const expected: CookieCategory[] = seeded.map((c) => ({
        Id: c.id,
        CanonicalName: c.name,
        Name: c.name,
        Description: c.description,
        IsActive: c.is_active === 1,
        IsOptional: c.is_optional === 1,
        IsAccepted: c.is_optional === 0,
      }));
      const res = await t.app.inject({ method: 'GET', url: '/api/cookie', headers: ANONYMOUS });
      expect(res.statusCode).toBe(200);
      expect(CookieCategoriesResponseSchema.parse(json(res))).toEqual(expected);
      // The list is the same whoever asks, even a player who accepted everything.
      expect((await acceptAll({ IsAllReject: false })).statusCode).toBe(200);
      const asPlayer = await t.app.inject({ method: 'GET', url: '/api/cookie', headers: asUser(tokenA) });
      expect(asPlayer.statusCode).toBe(200);
      expect(json(asPlayer)).toEqual(expected);
    });

    it('needs the api key and a bearer (401 in the §8 shape)', async () => {
      const noKey = await t.app.inject({
        method: 'GET',
        url: '/api/cookie',
        headers: { authorization: ANONYMOUS.authorization },
      });
      expectErrors(noKey, 401, [['', 'ERROR_API_KEY_INVALID']]);
      const noBearer = await t.app.inject({
        method: 'GET',
        url: '/api/cookie',
        headers: { 'x-api-key': TEST_API_KEY },
      });
      expectErrors(noBearer, 401, [['', 'ERROR_UNAUTHORIZED']]);
      const badBearer = await t.app.inject({ method: 'GET', url: '/api/cookie', headers: asUser('nope') });
      expectErrors(badBearer, 401, [['', 'ERROR_TOKEN_INVALID']]);
    });
  });

  describe('GET cookie/user/{id}', () => {
    it('gives a player without choices the defaults, and never caches', async () => {
      const res = await getMine(a, tokenA);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const list = CookieCategoriesResponseSchema.parse(json(res));
      expect(list.map((c) => c.Id)).toEqual(seeded.map((c) => c.id));
      expect(Object.fromEntries(list.map((c) => [c.Id, c.IsAccepted]))).toEqual(defaults());
    });
  });

  describe('POST cookie/user/{id}/accept-all', () => {
    it('accepts every optional category, then rejects them all, round-tripping through GET', async () => {
      const accept = await acceptAll({ IsAllReject: false });
      expect(accept.statusCode).toBe(200);
      expect(SuccessResponseSchema.strict().parse(json(accept))).toEqual({ Success: true });
      expect(await choicesOf(a, tokenA)).toEqual(Object.fromEntries(seeded.map((c) => [c.id, true])));
      expect(await rowsOf(a)).toEqual(optionalIds.map((id) => ({ cookie_id: id, is_accepted: 1 })));

      expect((await acceptAll({ IsAllReject: true })).statusCode).toBe(200);
      expect(await choicesOf(a, tokenA)).toEqual(defaults());
      // One row per category: the second call updated the rows of the first.
      expect(await rowsOf(a)).toEqual(optionalIds.map((id) => ({ cookie_id: id, is_accepted: 0 })));

      const events = await auditOf(a, 'cookie.consent_all');
      expect(events.slice(-2).map((e): unknown => JSON.parse(e.detail ?? '{}'))).toEqual([
        { IsAllReject: false, Ids: optionalIds },
        { IsAllReject: true, Ids: optionalIds },
      ]);
      // The other player's choices are their own.
      expect(await choicesOf(b, tokenB)).toEqual(defaults());
      expect(await rowsOf(b)).toEqual([]);
    });

    it('after a reject, set-cookie can accept one category again', async () => {
      expect((await acceptAll({ IsAllReject: true })).statusCode).toBe(200);
      expect((await setCookie({ Id_Cookie: marketingId, IsAccepted: true })).statusCode).toBe(200);
      expect(await choicesOf(a, tokenA)).toEqual({ ...defaults(), [marketingId]: true });
    });
  });

  describe('POST cookie/user/{id}/set-cookie', () => {
    it('stores one category at a time, round-tripping through GET', async () => {
      const res = await setCookie({ Id_Cookie: analyticsId, IsAccepted: true });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ Success: true });
      expect(await choicesOf(a, tokenA)).toEqual({ ...defaults(), [analyticsId]: true });

      expect((await setCookie({ Id_Cookie: marketingId, IsAccepted: false })).statusCode).toBe(200);
      expect((await setCookie({ Id_Cookie: analyticsId, IsAccepted: false })).statusCode).toBe(200);
      expect((await setCookie({ Id_Cookie: marketingId, IsAccepted: true })).statusCode).toBe(200);
      expect(await choicesOf(a, tokenA)).toEqual({
        ...defaults(),
        [analyticsId]: false,
        [marketingId]: true,
      });
      expect(await rowsOf(a)).toEqual(
        [
          { cookie_id: analyticsId, is_accepted: 0 },
          { cookie_id: marketingId, is_accepted: 1 },
        ].sort((x, y) => x.cookie_id - y.cookie_id),
      );
      const events = await auditOf(a, 'cookie.consent_set');
      expect(JSON.parse(events.at(-1)!.detail ?? '{}')).toEqual({ Id_Cookie: marketingId, IsAccepted: true });
      expect(await choicesOf(b, tokenB)).toEqual(defaults());
    });

    it('refuses an unknown category with 400 ERROR_COOKIE_NOTEXISTS, writing nothing', async () => {
      const unknownId = Math.max(...seeded.map((c) => c.id)) + 1;
      const eventsBefore = await countRows(t, 'audit_events');
      for (const id of [unknownId, unknownId + 1000, 2_147_483_647]) {
        for (const accepted of [true, false]) {
          expectErrors(await setCookie({ Id_Cookie: id, IsAccepted: accepted }), 400, [
            ['Id_Cookie', 'ERROR_COOKIE_NOTEXISTS'],
          ]);
        }
      }
      expect(await rowsOf(a)).toEqual([]);
      expect(await countRows(t, 'audit_events')).toBe(eventsBefore);
    });

    it('refuses to turn a necessary category off (400 ERROR_COOKIE_NOT_OPTIONAL); turning it on is a no-op', async () => {
      expectErrors(await setCookie({ Id_Cookie: necessaryId, IsAccepted: false }), 400, [
        ['IsAccepted', 'ERROR_COOKIE_NOT_OPTIONAL'],
      ]);
      expect((await setCookie({ Id_Cookie: necessaryId, IsAccepted: true })).statusCode).toBe(200);
      expect(await choicesOf(a, tokenA)).toEqual(defaults());
      expect(await rowsOf(a)).toEqual([]);
    });
  });

  describe('POST profile/user/{id}/see-cookie-popup', () => {
    it('sets IsCookiePopupSeen of GET profile/user/{id}, once, for that player only', async () => {
      const fresh = await createPlayer(t, `CookieSeen${kind}`);
      const token = (await sessionOf(t, fresh)).token.Value;
      expect(await popupSeen(fresh, token)).toBe(false);
      const res = await seePopup(asUser(token), fresh);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ Success: true });
      expect(await popupSeen(fresh, token)).toBe(true);
      // Idempotent, with an empty JSON object or no body at all; one audit event.
      expect((await seePopup(asUser(token), fresh, {})).statusCode).toBe(200);
      expect((await seePopup(asUser(token), fresh)).statusCode).toBe(200);
      expect(await popupSeen(fresh, token)).toBe(true);
      expect(await auditOf(fresh, 'cookie.popup_seen')).toHaveLength(1);
      expect(await popupSeen(b, tokenB)).toBe(false);
    });
  });

  describe('access control', () => {
    /** Every player call for `player`'s id with `headers`. */
    const everyCall = (player: Player | string, headers: Record<string, string>) => [
      () => t.app.inject({ method: 'GET', url: userUrl(player), headers }),
      () => acceptAll({ IsAllReject: false }, headers, player),
      () => setCookie({ Id_Cookie: analyticsId, IsAccepted: true }, headers, player),
      () => seePopup(headers, player),
    ];

    it("answers 403 ERROR_FORBIDDEN for another player's id or an unknown id, changing nothing", async () => {
      const eventsBefore = await countRows(t, 'audit_events');
      for (const target of [b, randomUUID(), a.idUser.toUpperCase(), 'not-a-player']) {
        for (const call of everyCall(target, asUser(tokenA)))
          expectErrors(await call(), 403, [['', 'ERROR_FORBIDDEN']]);
      }
      expect(await rowsOf(b)).toEqual([]);
      expect(await popupSeen(b, tokenB)).toBe(false);
      expect(await countRows(t, 'audit_events')).toBe(eventsBefore);
    });

    it('answers 401 without a valid player bearer, changing nothing', async () => {
      const session = await sessionOf(t, a);
      const logout = await t.app.inject({
        method: 'POST',
        url: `/api/log/user/${a.idUser}/log-out`,
        headers: asUser(session.token.Value),
      });
      expect(logout.statusCode).toBe(200);
      const refusals: Array<[Record<string, string>, string]> = [
        [{ 'x-api-key': TEST_API_KEY }, 'ERROR_UNAUTHORIZED'],
        [{ ...ANONYMOUS }, 'ERROR_TOKEN_INVALID'],
        [asUser('not.a.token'), 'ERROR_TOKEN_INVALID'],
        [asUser(`${tokenA.slice(0, -2)}xx`), 'ERROR_TOKEN_INVALID'],
        [asUser(session.token.Value), 'ERROR_TOKEN_INVALID'],
        [{ authorization: `Bearer ${tokenA}` }, 'ERROR_API_KEY_INVALID'],
      ];
      for (const [headers, code] of refusals) {
        for (const call of everyCall(a, headers)) expectErrors(await call(), 401, [['', code]]);
      }
      expect(await rowsOf(a)).toEqual([]);
    });
  });

  describe('bad input', () => {
    it('refuses wrong types and missing fields with 400 ERROR_FIELD_INVALID on the field', async () => {
      expectErrors(await acceptAll({}), 400, [['IsAllReject', 'ERROR_FIELD_INVALID']]);
      expectErrors(await acceptAll({ isAllReject: true }), 400, [['IsAllReject', 'ERROR_FIELD_INVALID']]);
      expectErrors(await setCookie({}), 400, [
        ['Id_Cookie', 'ERROR_FIELD_INVALID'],
        ['IsAccepted', 'ERROR_FIELD_INVALID'],
      ]);
      const notBoolean = ['true', 'false', 1, 0, '', null, [], {}, [true], HUGE];
      for (const value of notBoolean) {
        expectErrors(await acceptAll({ IsAllReject: value }), 400, [['IsAllReject', 'ERROR_FIELD_INVALID']]);
        expectErrors(await setCookie({ Id_Cookie: analyticsId, IsAccepted: value }), 400, [
          ['IsAccepted', 'ERROR_FIELD_INVALID'],
        ]);
      }
      const notCategoryId = [
        String(analyticsId),
        `${analyticsId}.0`,
        analyticsId + 0.5,
        0,
        -1,
        -analyticsId,
        2_147_483_648,
        Number.MAX_SAFE_INTEGER,
        1e308,
        -1e308,
        true,
        null,
        [],
        [analyticsId],
        { Id: analyticsId },
        '',
        HUGE,
      ];
      for (const value of notCategoryId) {
        expectErrors(await setCookie({ Id_Cookie: value, IsAccepted: true }), 400, [
          ['Id_Cookie', 'ERROR_FIELD_INVALID'],
        ]);
      }
      expect(await rowsOf(a)).toEqual([]);
    });

    it('refuses bodies that are not a JSON object, huge numbers and oversized bodies, never a 5xx', async () => {
      const json = { ...asUser(tokenA), 'content-type': 'application/json' };
      for (const send of [acceptAll, setCookie]) {
        expectErrors(await send(undefined), 400, [['', 'ERROR_REQUEST_INVALID']]);
        expectErrors(await send('{"IsAllReject":', json), 400, [['', 'ERROR_REQUEST_INVALID']]);
        for (const payload of ['[]', '"IsAllReject"', '42', 'null', 'true']) {
          expect((await send(payload, json)).statusCode).toBe(400);
        }
        const form = await send('IsAllReject=false', {
          ...asUser(tokenA),
          'content-type': 'application/x-www-form-urlencoded',
        });
        expect(form.statusCode).toBe(400);
        expectErrors(await send({ padding: OVER_BODY_LIMIT }), 413, [['', 'ERROR_REQUEST_INVALID']]);
      }
      // Number literals JSON.parse turns into Infinity, or into a float past any integer.
      for (const literal of [
        '1e400',
        '-1e400',
        '9'.repeat(400),
        `${analyticsId}e0`,
        '1.0000000000000001e1',
      ]) {
        const res = await setCookie(`{"Id_Cookie":${literal},"IsAccepted":true}`, json);
        expect(res.statusCode, literal).toBe(literal === `${analyticsId}e0` ? 200 : 400);
      }
      const unstorable = await setCookie({ Id_Cookie: '\u0000', IsAccepted: true });
      expectErrors(unstorable, 400, [['Id_Cookie', 'ERROR_FIELD_INVALID']]);
      expectErrors(await setCookie({ Id_Cookie: analyticsId, IsAccepted: 'a\ud800' }), 400, [
        ['IsAccepted', 'ERROR_FIELD_INVALID'],
      ]);
    });

    it('answers every naughty or injection string, in the body or as the path id, with a 4xx in the catalogue', async () => {
      const { send, problems, expectNoProblems } = collectProblems(() => t);
      const headers = asUser(tokenA);
      for (const value of [...NAUGHTY, ...INJECTIONS]) {
        const bodies: Array<[string, unknown]> = [
          ['/accept-all', { IsAllReject: value }],
          ['/set-cookie', { Id_Cookie: value, IsAccepted: true }],
          ['/set-cookie', { Id_Cookie: analyticsId, IsAccepted: value }],
        ];
        for (const [suffix, payload] of bodies) {
          const context = `${suffix} ${label(payload)}`;
          const res = await send(
            { method: 'POST', url: userUrl(a, suffix), headers, payload: payload as object },
            context,
          );
          if (res.statusCode !== 400) problems.push(`${context} → ${res.statusCode}`);
        }
        for (const [method, suffix] of [
          ['GET', ''],
          ['POST', '/accept-all'],
          ['POST', '/set-cookie'],
        ] as const) {
          const context = `${method} cookie/user/${label(value)}${suffix}`;
          const res = await send(
            {
              method,
              url: userUrl(value, suffix),
              headers,
              ...(method === 'POST'
                ? { payload: { IsAllReject: true, Id_Cookie: analyticsId, IsAccepted: true } }
                : {}),
            },
            context,
          );
          // Another id is someone else's (403); an id the store cannot keep or too long is a 400.
          if (![400, 403, 404].includes(res.statusCode)) problems.push(`${context} → ${res.statusCode}`);
        }
        const context = `see-cookie-popup ${label(value)}`;
        const res = await send(
          { method: 'POST', url: `/api/profile/user/${pathSegment(value)}/see-cookie-popup`, headers },
          context,
        );
        if (![400, 403, 404].includes(res.statusCode)) problems.push(`${context} → ${res.statusCode}`);
      }
      expectNoProblems();
      expect(await rowsOf(a)).toEqual([]);
      expect(await rowsOf(b)).toEqual([]);
    });
  });

  describe('deleteCookieConsents (for the account deletion)', () => {
    it("removes that player's rows only", async () => {
      expect((await acceptAll({ IsAllReject: false })).statusCode).toBe(200);
      expect((await acceptAll({ IsAllReject: false }, asUser(tokenB), b)).statusCode).toBe(200);
      const removed = await t.ctx.db.transaction().execute((trx) => deleteCookieConsents(trx, a.id));
      expect(removed).toBe(optionalIds.length);
      expect(await rowsOf(a)).toEqual([]);
      expect(await choicesOf(a, tokenA)).toEqual(defaults());
      expect(await rowsOf(b)).toHaveLength(optionalIds.length);
      expect(await t.ctx.db.transaction().execute((trx) => deleteCookieConsents(trx, a.id))).toBe(0);
    });
  });
});
