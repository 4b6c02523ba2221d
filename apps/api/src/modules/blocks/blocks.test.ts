/**
 * Blocked users (spec §2 Blocked users, §6, §7 POST unblock and GET profile/user/{id}?include=Block,
 * §8 shape) and the partner server-to-server calls POST blocks and DELETE
 * blocks/{userId}/{userBlockedId} with HTTP Basic client credentials (docs/partner-api.md).
 * Real app, real store (SQLite, and PostgreSQL with TEST_DATABASE_URL), players made through the API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PartnerBlockResponseSchema, UserSchema } from '@guildgate/contracts';
import { DEMO_PARTNER_CLIENT, DEMO_PLAYER } from '../../db/seed.ts';
import { issueClientSecret } from '../oauth-clients/index.ts';
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

/** application/x-www-form-urlencoded encoding of one credential (RFC 6749 Appendix B). */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/** `Authorization: Basic …` for client credentials (RFC 6749 §2.3.1). */
function basic(clientId: string, clientSecret: string): string {
  const pair = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

/** Asserts a partner-call 401: the §8 body and the Basic challenge. */
function expectClientRefused(res: LightMyRequestResponse): void {
  expectErrors(res, 401, [['', 'ERROR_UNAUTHORIZED']]);
  expect(res.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
}

describe.each(STORES)('blocks on %s', (kind) => {
  let t: TestApp;
  let a: Player;
  let b: Player;
  let c: Player;
  let d: Player;
  let tokenA: string;
  let tokenB: string;
  const partnerId = 'test-partner-site';
  let partnerSecret: string;
  let otherSecret: string;
  let partnerAuth: string;

  const unblock = (payload: unknown, headers: Record<string, string> = asUser(tokenA)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/unblock',
      headers,
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  const block = (payload: unknown, authorization: string | null = partnerAuth) =>
    t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: authorization === null ? {} : { authorization },
      payload: payload as string,
    });
  const deleteBlock = (userId: string, userBlockedId: string, authorization: string | null = partnerAuth) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${pathSegment(userId)}/${pathSegment(userBlockedId)}`,
      headers: authorization === null ? {} : { authorization },
    });
  /** The Id of each player `player` blocks, as GET profile/user/{id}?include=Block lists them. */
  const blockedBy = async (player: Player, token: string): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}?include=Block`,
      headers: asUser(token),
    });
    expect(res.statusCode).toBe(200);
    return UserSchema.parse(json(res)).Blocks.map((blocked) => blocked.Id);
  };
  /** The blocks rows of blocker `player`, as internal blocked ids. */
  const rowsOf = async (player: Player): Promise<number[]> =>
    (
      await t.ctx.db
        .selectFrom('blocks')
        .select('blocked_user_id')
        .where('user_id', '=', player.id)
        .orderBy('blocked_user_id')
        .execute()
    ).map((r) => r.blocked_user_id);
  const addBlock = (blocker: Player, blocked: Player) =>
    t.ctx.db
      .insertInto('blocks')
      .values({ user_id: blocker.id, blocked_user_id: blocked.id, created_at: new Date().toISOString() })
      .execute();
  const auditOf = (player: Player, type: string) =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['detail', 'ip'])
      .where('user_id', '=', player.id)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
  const clearBlocks = () => t.ctx.db.deleteFrom('blocks').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    [a, b, c, d] = await Promise.all([
      createPlayer(t, 'BlockerA'),
      createPlayer(t, 'BlockedB'),
      createPlayer(t, 'BlockedC'),
      createPlayer(t, 'BlockedD', { confirmed: false }),
    ]);
    tokenA = (await sessionOf(t, a)).token.Value;
    tokenB = (await sessionOf(t, b)).token.Value;
    partnerSecret = await issueClientSecret(t.ctx.db, partnerId, 'Test partner site');
    otherSecret = await issueClientSecret(t.ctx.db, 'other-partner-site');
    partnerAuth = basic(partnerId, partnerSecret);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST unblock (player)', () => {
    it('unblocks: the player is gone from GET profile/user/{id}?include=Block, the others stay', async () => {
      await clearBlocks();
      await addBlock(a, b);
      await addBlock(a, c);
      expect(await blockedBy(a, tokenA)).toEqual([b.idUser, c.idUser]);

      const res = await unblock({ userBlockedId: b.idUser });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ Success: true });
      expect(await blockedBy(a, tokenA)).toEqual([c.idUser]);
      expect(await rowsOf(a)).toEqual([c.id]);

      const events = await auditOf(a, 'block.removed');
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0].detail ?? '{}')).toEqual({ blockedIdUser: b.idUser, via: 'portal' });
    });

    it('refuses a player who is not blocked, an unknown id and oneself with 400 ERROR_USER_NOT_BLOCKED', async () => {
      await clearBlocks();
      await addBlock(a, c);
      const eventsBefore = await countRows(t, 'audit_events');
      for (const id of [b.idUser, d.idUser, a.idUser, randomUUID(), 'not-a-player']) {
        expectErrors(await unblock({ userBlockedId: id }), 400, [
          ['userBlockedId', 'ERROR_USER_NOT_BLOCKED'],
        ]);
      }
      // A second unblock of the same player is refused too.
      expect((await unblock({ userBlockedId: c.idUser })).statusCode).toBe(200);
      expectErrors(await unblock({ userBlockedId: c.idUser }), 400, [
        ['userBlockedId', 'ERROR_USER_NOT_BLOCKED'],
      ]);
      expect(await countRows(t, 'audit_events')).toBe(eventsBefore + 1);
    });

    it("never touches another player's blocks", async () => {
      await clearBlocks();
      await addBlock(b, c);
      await addBlock(b, d);
      await addBlock(c, b);
      // A does not block C: B's block of C is not A's to remove.
      expectErrors(await unblock({ userBlockedId: c.idUser }), 400, [
        ['userBlockedId', 'ERROR_USER_NOT_BLOCKED'],
      ]);
      // A and B both block C: A's unblock removes A's block only.
      await addBlock(a, c);
      expect((await unblock({ userBlockedId: c.idUser })).statusCode).toBe(200);
      expect(await rowsOf(a)).toEqual([]);
      expect(await rowsOf(b)).toEqual([c.id, d.id].sort((x, y) => x - y));
      expect(await rowsOf(c)).toEqual([b.id]);
      expect(await blockedBy(b, tokenB)).toEqual([c.idUser, d.idUser]);
      // B unblocking D leaves B's block of C alone.
      expect((await unblock({ userBlockedId: d.idUser }, asUser(tokenB))).statusCode).toBe(200);
      expect(await blockedBy(b, tokenB)).toEqual([c.idUser]);
    });

    it('answers 401 without a valid player bearer, and keeps the block', async () => {
      await clearBlocks();
      await addBlock(a, b);
      const payload = { userBlockedId: b.idUser };
      expectErrors(await unblock(payload, { 'x-api-key': TEST_API_KEY }), 401, [['', 'ERROR_UNAUTHORIZED']]);
      expectErrors(await unblock(payload, { ...ANONYMOUS }), 401, [['', 'ERROR_TOKEN_INVALID']]);
      expectErrors(await unblock(payload, asUser('not.a.token')), 401, [['', 'ERROR_TOKEN_INVALID']]);
      expectErrors(await unblock(payload, asUser(`${tokenA.slice(0, -2)}xx`)), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      expectErrors(await unblock(payload, { 'x-api-key': TEST_API_KEY, authorization: partnerAuth }), 401, [
        ['', 'ERROR_UNAUTHORIZED'],
      ]);
      expectErrors(await unblock(payload, { authorization: `Bearer ${tokenA}` }), 401, [
        ['', 'ERROR_API_KEY_INVALID'],
      ]);
      // A logged-out session's token no longer works.
      const session = await sessionOf(t, a);
      const logout = await t.app.inject({
        method: 'POST',
        url: `/api/log/user/${a.idUser}/log-out`,
        headers: asUser(session.token.Value),
      });
      expect(logout.statusCode).toBe(200);
      expectErrors(await unblock(payload, asUser(session.token.Value)), 401, [['', 'ERROR_TOKEN_INVALID']]);
      expect(await rowsOf(a)).toEqual([b.id]);
    });

    it('refuses bad bodies with 400 in the §8 shape, never a 5xx, and keeps the block', async () => {
      await clearBlocks();
      await addBlock(a, b);
      expectErrors(await unblock(undefined), 400, [['', 'ERROR_REQUEST_INVALID']]);
      expectErrors(await unblock({}), 400, [['userBlockedId', 'ERROR_FIELD_INVALID']]);
      expectErrors(await unblock({ UserBlockedId: b.idUser }), 400, [
        ['userBlockedId', 'ERROR_FIELD_INVALID'],
      ]);
      for (const value of [
        1,
        0,
        true,
        null,
        [],
        [b.idUser],
        {},
        { Id: b.idUser },
        '',
        HUGE,
        'x'.repeat(65),
      ]) {
        expectErrors(await unblock({ userBlockedId: value }), 400, [
          ['userBlockedId', 'ERROR_FIELD_INVALID'],
        ]);
      }
      for (const value of ['\u0000', `${b.idUser}\u0000`, '\ud800', `a\udfffb`]) {
        expectErrors(await unblock({ userBlockedId: value }), 400, [
          ['userBlockedId', 'ERROR_FIELD_INVALID'],
        ]);
      }
      for (const payload of [[{ userBlockedId: b.idUser }], 'userBlockedId', 42]) {
        const res = await unblock(JSON.stringify(payload), {
          ...asUser(tokenA),
          'content-type': 'application/json',
        });
        expect(res.statusCode).toBe(400);
      }
      const malformed = await unblock('{"userBlockedId":', {
        ...asUser(tokenA),
        'content-type': 'application/json',
      });
      expectErrors(malformed, 400, [['', 'ERROR_REQUEST_INVALID']]);
      const formBody = await unblock(`userBlockedId=${b.idUser}`, {
        ...asUser(tokenA),
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(formBody.statusCode).toBe(400);
      const tooBig = await unblock({ userBlockedId: b.idUser, padding: OVER_BODY_LIMIT });
      expect(tooBig.statusCode).toBe(413);
      expectErrors(tooBig, 413, [['', 'ERROR_REQUEST_INVALID']]);
      expect(await rowsOf(a)).toEqual([b.id]);
    });

    it('answers every naughty string with a 400 in the catalogue, never a 5xx', async () => {
      await clearBlocks();
      await addBlock(a, b);
      const { send, problems, expectNoProblems } = collectProblems(() => t);
      for (const value of NAUGHTY) {
        const res = await send(
          { method: 'POST', url: '/api/unblock', headers: asUser(tokenA), payload: { userBlockedId: value } },
          `unblock ${label(value)}`,
        );
        if (res.statusCode !== 400) problems.push(`unblock ${label(value)} → ${res.statusCode}`);
      }
      expectNoProblems();
      expect(await rowsOf(a)).toEqual([b.id]);
    });
  });

  describe('POST blocks (partner, server to server)', () => {
    it('refuses missing or wrong client credentials with 401 and a Basic challenge, writing nothing', async () => {
      await clearBlocks();
      const payload = { userId: a.idUser, userBlockedId: b.idUser };
      const wrong: Array<string | null> = [
        null,
        `Bearer ${tokenA}`,
        `Bearer ${ANONYMOUS.authorization.slice('Bearer '.length)}`,
        basic(partnerId, `${partnerSecret}x`),
        basic(partnerId, partnerSecret.slice(1)),
        basic(partnerId, otherSecret),
        basic('other-partner-site', partnerSecret),
        basic('unknown-site', partnerSecret),
        basic(t.config.portalClientId, partnerSecret),
        basic(partnerId, ''),
        basic('', partnerSecret),
        `Basic ${Buffer.from(`${partnerId}${partnerSecret}`).toString('base64')}`,
        'Basic !!!not-base64!!!',
        'Basic ',
        'Basic',
        `Digest ${Buffer.from(`${partnerId}:${partnerSecret}`).toString('base64')}`,
        `Basic ${Buffer.from(`${partnerId}:${partnerSecret}`).toString('base64')} extra`,
        `Basic ${Buffer.from(`${partnerId}:%zz`).toString('base64')}`,
        `Basic ${'A'.repeat(5000)}`,
      ];
      for (const authorization of wrong) {
        expectClientRefused(await block(payload, authorization));
        expectClientRefused(await deleteBlock(a.idUser, b.idUser, authorization));
      }
      // Credentials are checked before the body: a bad body still answers 401.
      expectClientRefused(await block({ userId: 1 }, null));
      expectClientRefused(await block({ userId: 1 }, basic(partnerId, 'wrong')));
      // The api key and a player bearer are no substitute.
      const withKey = await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: asUser(tokenA),
        payload,
      });
      expectClientRefused(withKey);
      expect(await countRows(t, 'blocks')).toBe(0);
    });

    it('records a block (201), answers 200 on a repeat, and GET profile shows it', async () => {
      await clearBlocks();
      const first = await block({ userId: a.idUser, userBlockedId: b.idUser });
      expect(first.statusCode).toBe(201);
      expect(PartnerBlockResponseSchema.strict().parse(json(first))).toEqual({
        Success: true,
        Blocked: true,
        Changed: true,
      });
      expect(first.headers['cache-control']).toBe('no-store');
      const again = await block({ userId: a.idUser, userBlockedId: b.idUser });
      expect(again.statusCode).toBe(200);
      expect(json(again)).toEqual({ Success: true, Blocked: true, Changed: false });
      expect(await rowsOf(a)).toEqual([b.id]);
      expect(await blockedBy(a, tokenA)).toEqual([b.idUser]);
      // The block is one-way: B blocks nobody.
      expect(await blockedBy(b, tokenB)).toEqual([]);

      const events = await auditOf(a, 'block.created');
      expect(events).toHaveLength(1);
      expect(JSON.parse(events[0].detail ?? '{}')).toEqual({
        blockedIdUser: b.idUser,
        via: 'partner',
        clientId: partnerId,
      });

      // An unconfirmed player may be blocked too; the lowercase scheme is accepted (RFC 7235 §2.1).
      const lower = await block(
        { userId: a.idUser, userBlockedId: d.idUser },
        partnerAuth.replace(/^Basic/, 'basic'),
      );
      expect(lower.statusCode).toBe(201);
      expect(await blockedBy(a, tokenA)).toEqual([b.idUser, d.idUser]);
      // And the player can then unblock through the portal.
      expect((await unblock({ userBlockedId: d.idUser })).statusCode).toBe(200);
      expect(await blockedBy(a, tokenA)).toEqual([b.idUser]);
    });

    it('makes one block of concurrent identical calls', async () => {
      await clearBlocks();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => block({ userId: c.idUser, userBlockedId: a.idUser })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(await rowsOf(c)).toEqual([a.id]);
      expect(await auditOf(c, 'block.created')).toHaveLength(1);
    });

    it('refuses a player blocking themselves with 400 ERROR_BLOCK_SELF', async () => {
      await clearBlocks();
      expectErrors(await block({ userId: a.idUser, userBlockedId: a.idUser }), 400, [
        ['userBlockedId', 'ERROR_BLOCK_SELF'],
      ]);
      expectErrors(await deleteBlock(a.idUser, a.idUser), 400, [['userBlockedId', 'ERROR_BLOCK_SELF']]);
      expect(await countRows(t, 'blocks')).toBe(0);
    });

    it('refuses unknown players with 400 ERROR_USER_UNKNOWN on each unknown id', async () => {
      await clearBlocks();
      const ghost = randomUUID();
      expectErrors(await block({ userId: ghost, userBlockedId: b.idUser }), 400, [
        ['userId', 'ERROR_USER_UNKNOWN'],
      ]);
      expectErrors(await block({ userId: a.idUser, userBlockedId: ghost }), 400, [
        ['userBlockedId', 'ERROR_USER_UNKNOWN'],
      ]);
      expectErrors(await block({ userId: ghost, userBlockedId: randomUUID() }), 400, [
        ['userId', 'ERROR_USER_UNKNOWN'],
        ['userBlockedId', 'ERROR_USER_UNKNOWN'],
      ]);
      // Ids are exact: a username or an upper-cased Id_User is not a player.
      expectErrors(await block({ userId: a.idUser, userBlockedId: b.username }), 400, [
        ['userBlockedId', 'ERROR_USER_UNKNOWN'],
      ]);
      expectErrors(await block({ userId: a.idUser.toUpperCase(), userBlockedId: b.idUser }), 400, [
        ['userId', 'ERROR_USER_UNKNOWN'],
      ]);
      expect(await countRows(t, 'blocks')).toBe(0);
    });

    it('refuses bad bodies with 400 in the §8 shape, never a 5xx, writing nothing', async () => {
      await clearBlocks();
      const valid = { userId: a.idUser, userBlockedId: b.idUser };
      expectErrors(await block({}), 400, [
        ['userId', 'ERROR_FIELD_INVALID'],
        ['userBlockedId', 'ERROR_FIELD_INVALID'],
      ]);
      for (const field of ['userId', 'userBlockedId'] as const) {
        for (const value of [undefined, 1, true, null, [], {}, '', HUGE, '\u0000', 'a\u0000b', '\ud800']) {
          expectErrors(await block({ ...valid, [field]: value }), 400, [[field, 'ERROR_FIELD_INVALID']]);
        }
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: { authorization: partnerAuth, 'content-type': 'application/json' },
        payload: '{"userId":',
      });
      expectErrors(malformed, 400, [['', 'ERROR_REQUEST_INVALID']]);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: { authorization: partnerAuth },
      });
      expectErrors(empty, 400, [['', 'ERROR_REQUEST_INVALID']]);
      expect((await block({ ...valid, padding: OVER_BODY_LIMIT })).statusCode).toBe(413);

      const { send, problems, expectNoProblems } = collectProblems(() => t);
      for (const value of NAUGHTY) {
        for (const payload of [
          { userId: value, userBlockedId: b.idUser },
          { userId: a.idUser, userBlockedId: value },
        ]) {
          const context = `blocks ${label(payload)}`;
          const res = await send(
            { method: 'POST', url: '/api/blocks', headers: { authorization: partnerAuth }, payload },
            context,
          );
          if (res.statusCode !== 400) problems.push(`${context} → ${res.statusCode}`);
        }
      }
      expectNoProblems();
      expect(await countRows(t, 'blocks')).toBe(0);
    });

    it('accepts form-encoded credentials with reserved and non-ASCII characters (RFC 6749 §2.3.1)', async () => {
      await clearBlocks();
      const clientId = 'Partner site: é+1';
      const secret = await issueClientSecret(t.ctx.db, clientId);
      const res = await block({ userId: b.idUser, userBlockedId: c.idUser }, basic(clientId, secret));
      expect(res.statusCode).toBe(201);
      // Unencoded, the ':' in the id splits the pair at the wrong place.
      const raw = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
      expectClientRefused(await block({ userId: b.idUser, userBlockedId: d.idUser }, raw));
      // Issuing a new secret revokes the old one.
      const rotated = await issueClientSecret(t.ctx.db, clientId);
      expectClientRefused(
        await block({ userId: b.idUser, userBlockedId: d.idUser }, basic(clientId, secret)),
      );
      const withNew = await block({ userId: b.idUser, userBlockedId: d.idUser }, basic(clientId, rotated));
      expect(withNew.statusCode).toBe(201);
      expect(await blockedBy(b, tokenB)).toEqual([c.idUser, d.idUser]);
    });
  });

  describe('DELETE blocks/{userId}/{userBlockedId} (partner, server to server)', () => {
    it('removes that block only (Changed: true), then answers Changed: false', async () => {
      await clearBlocks();
      await addBlock(a, b);
      await addBlock(a, c);
      await addBlock(b, c);
      await addBlock(c, a);
      const res = await deleteBlock(a.idUser, c.idUser);
      expect(res.statusCode).toBe(200);
      expect(PartnerBlockResponseSchema.strict().parse(json(res))).toEqual({
        Success: true,
        Blocked: false,
        Changed: true,
      });
      const again = await deleteBlock(a.idUser, c.idUser);
      expect(again.statusCode).toBe(200);
      expect(json(again)).toEqual({ Success: true, Blocked: false, Changed: false });
      // Never blocked: still a success, nothing changes.
      expect(json(await deleteBlock(a.idUser, d.idUser))).toEqual({
        Success: true,
        Blocked: false,
        Changed: false,
      });
      expect(await blockedBy(a, tokenA)).toEqual([b.idUser]);
      expect(await blockedBy(b, tokenB)).toEqual([c.idUser]);
      expect(await rowsOf(c)).toEqual([a.id]);

      const events = await auditOf(a, 'block.removed');
      expect(JSON.parse(events.at(-1)!.detail ?? '{}')).toEqual({
        blockedIdUser: c.idUser,
        via: 'partner',
        clientId: partnerId,
      });
    });

    it('refuses unknown players and bad path parameters with 400, never a 5xx', async () => {
      await clearBlocks();
      await addBlock(a, b);
      const ghost = randomUUID();
      expectErrors(await deleteBlock(ghost, b.idUser), 400, [['userId', 'ERROR_USER_UNKNOWN']]);
      expectErrors(await deleteBlock(a.idUser, ghost), 400, [['userBlockedId', 'ERROR_USER_UNKNOWN']]);
      expectErrors(await deleteBlock(a.idUser, 'x'.repeat(65)), 400, [
        ['userBlockedId', 'ERROR_FIELD_INVALID'],
      ]);
      expectErrors(await deleteBlock(a.idUser, '\u0000'), 400, [['userBlockedId', 'ERROR_FIELD_INVALID']]);
      expect((await deleteBlock(a.idUser, HUGE)).statusCode).toBe(400);
      const badEncoding = await t.app.inject({
        method: 'DELETE',
        url: `/api/blocks/${a.idUser}/%E0%A4%A`,
        headers: { authorization: partnerAuth },
      });
      expect(badEncoding.statusCode).toBe(400);

      const { send, problems, expectNoProblems } = collectProblems(() => t);
      for (const value of NAUGHTY) {
        if (value === '') continue;
        const context = `DELETE blocks ${label(value)}`;
        const res = await send(
          {
            method: 'DELETE',
            url: `/api/blocks/${a.idUser}/${pathSegment(value)}`,
            headers: { authorization: partnerAuth },
          },
          context,
        );
        if (res.statusCode !== 400 && res.statusCode !== 404) problems.push(`${context} → ${res.statusCode}`);
      }
      expectNoProblems();
      expect(await rowsOf(a)).toEqual([b.id]);
    });
  });
});

describe.each(STORES)('the demo partner site on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { SEED_DEMO: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("blocks and unblocks with the documented credentials; the demo player's seeded block can be unblocked", async () => {
    const players = await t.ctx.db
      .selectFrom('users')
      .select(['username', 'id_user'])
      .where('username_normalized', 'in', ['demoplayer', 'griefinggoblin'])
      .execute();
    const demo = players.find((p) => p.username === DEMO_PLAYER.username)!.id_user;
    const goblin = players.find((p) => p.username === 'GriefingGoblin')!.id_user;
    const authorization = basic(DEMO_PARTNER_CLIENT.clientId, DEMO_PARTNER_CLIENT.clientSecret);

    const token = (await sessionOf(t, { username: DEMO_PLAYER.username, password: DEMO_PLAYER.password }))
      .token.Value;
    const blocks = async () =>
      UserSchema.parse(
        json(
          await t.app.inject({
            method: 'GET',
            url: `/api/profile/user/${demo}?include=Block`,
            headers: asUser(token),
          }),
        ),
      ).Blocks.map((blocked) => blocked.Username);
    expect(await blocks()).toEqual(['GriefingGoblin']);

    const unblocked = await t.app.inject({
      method: 'POST',
      url: '/api/unblock',
      headers: asUser(token),
      payload: { userBlockedId: goblin },
    });
    expect(unblocked.statusCode).toBe(200);
    expect(await blocks()).toEqual([]);

    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { authorization },
      payload: { userId: demo, userBlockedId: goblin },
    });
    expect(blocked.statusCode).toBe(201);
    expect(await blocks()).toEqual(['GriefingGoblin']);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${demo}/${goblin}`,
      headers: { authorization },
    });
    expect(json(removed)).toEqual({ Success: true, Blocked: false, Changed: true });
    expect(await blocks()).toEqual([]);

    // The portal's own client has no secret: it cannot call server to server.
    const portal = await t.ctx.db
      .selectFrom('oauth_clients')
      .select('client_secret_hash')
      .where('client_id', '=', t.config.portalClientId)
      .executeTakeFirstOrThrow();
    expect(portal.client_secret_hash).toBeNull();
  });
});
