/**
 * GET profile/user/{id}?include=Block, GET profile/connects and GET redirect/allowed-redirect-domains
 * (spec §3 User, Connection; §7): the User shape with its blocked players, the connection list, no
 * secret in any answer, and the allow-list patterns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionsResponseSchema, UserSchema, type Token } from '@guildgate/contracts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, insertConnection, sessionOf, type Player } from '../../test/helpers.ts';

/** Every key (at any depth) of a JSON value. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
  }
  return [];
}

describe.each(STORES)('profile on %s', (kind) => {
  let t: TestApp;
  let a: Player;
  let b: Player;
  let c: Player;
  let session: { identity: string; token: Token };

  const profile = (idUser: string, query = '?include=Block', token = session.token.Value) =>
    t.app.inject({ method: 'GET', url: `/api/profile/user/${idUser}${query}`, headers: asUser(token) });

  beforeAll(async () => {
    t = await startTestApp(kind, {
      env: { REDIRECT_PATTERNS: 'https://*.partner.example/sso,http://localhost:8090/partner/' },
    });
    a = await createPlayer(t, 'ProfileA');
    b = await createPlayer(t, 'ProfileB');
    c = await createPlayer(t, 'ProfileC', { confirmed: false });
    session = await sessionOf(t, a);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the User shape with no block yet', async () => {
    const res = await profile(a.idUser);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const user = UserSchema.strict().parse(json(res));
    const row = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({
      Id: a.id,
      Id_User: a.idUser,
      Username: 'ProfileA',
      Email: 'profilea@players.test',
      AvatarUrl: '/avatars/default.svg',
      Titles: '',
      TitleName: '',
      CreatedAt: row.created_at,
      IsCookiePopupSeen: false,
      AuthPartner: null,
      AuthType: 1,
      SteamCheck: false,
      Blocks: [],
      Badges: [],
      // Registered without an Accept-Language: no saved language.
      Locale: null,
    });
  });

  it('lists the blocked players with include=Block, and none without it', async () => {
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('blocks')
      .values([
        { user_id: a.id, blocked_user_id: b.id, created_at: now },
        { user_id: a.id, blocked_user_id: c.id, created_at: now },
        // B blocking A must not show up in A's list.
        { user_id: b.id, blocked_user_id: a.id, created_at: now },
      ])
      .execute();
    await t.ctx.db
      .updateTable('users')
      .set({ avatar_url: '/avatars/b.png' })
      .where('id', '=', b.id)
      .execute();

    const withBlocks = json<{ Blocks: unknown[] }>(await profile(a.idUser));
    expect(withBlocks.Blocks).toEqual([
      { Id: b.idUser, Username: 'ProfileB', AvatarUrl: '/avatars/b.png' },
      { Id: c.idUser, Username: 'ProfileC', AvatarUrl: '/avatars/default.svg' },
    ]);
    expect(json<{ Blocks: unknown[] }>(await profile(a.idUser, '?include=block')).Blocks).toHaveLength(2);
    expect(json<{ Blocks: unknown[] }>(await profile(a.idUser, '')).Blocks).toEqual([]);
    expect(json<{ Blocks: unknown[] }>(await profile(a.idUser, '?include=Connections')).Blocks).toEqual([]);
  });

  it('shows titles, the cookie-popup flag and the Steam check as stored', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ titles: 'Veteran;Explorer', is_cookie_popup_seen: 1, steam_check: 1 })
      .where('id', '=', a.id)
      .execute();
    expect(json(await profile(a.idUser))).toMatchObject({
      Titles: 'Veteran;Explorer',
      TitleName: 'Veteran Explorer',
      IsCookiePopupSeen: true,
      SteamCheck: true,
    });
  });

  it('never leaks the password hash or any other secret', async () => {
    const res = await profile(a.idUser);
    const keys = keysOf(json(res));
    expect(keys.filter((k) => /password|hash|secret|token/i.test(k))).toEqual([]);
    expect(res.body).not.toContain('$argon2');
    const connects = await t.app.inject({
      method: 'GET',
      url: '/api/profile/connects',
      headers: asUser(session.token.Value),
    });
    expect(keysOf(json(connects)).filter((k) => /password|hash/i.test(k))).toEqual([]);
  });

  it('lists the four connection providers, none linked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/profile/connects',
      headers: asUser(session.token.Value),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const connections = ConnectionsResponseSchema.parse(json(res));
    expect(connections.map((c) => c.CanonicalName)).toEqual(['steam', 'twitch', 'epic-games', 'game-pass']);
    for (const connection of connections) {
      expect(connection).toMatchObject({
        IsLinked: false,
        Id_Account: null,
        ConnectName: null,
        Avatar: null,
        LastCheck: null,
      });
      expect(connection.Name).not.toBe('');
      expect(connection.Icon).not.toBe('');
    }
  });

  it("shows a player's own link as linked", async () => {
    await insertConnection(t, b.id, 'steam', '76561198000000000', 'bee');
    const bSession = await sessionOf(t, b);
    const mine = ConnectionsResponseSchema.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: '/api/profile/connects',
          headers: asUser(bSession.token.Value),
        }),
      ),
    );
    expect(mine.find((c) => c.CanonicalName === 'steam')).toMatchObject({
      IsLinked: true,
      Id_Account: '76561198000000000',
      ConnectName: 'bee',
    });
    // A's list is not affected by B's link.
    const theirs = ConnectionsResponseSchema.parse(
      json(
        await t.app.inject({
          method: 'GET',
          url: '/api/profile/connects',
          headers: asUser(session.token.Value),
        }),
      ),
    );
    expect(theirs.every((c) => !c.IsLinked)).toBe(true);
  });

  it('lists the redirect allow-list: PUBLIC_URL/ first, then the configured patterns', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/redirect/allowed-redirect-domains',
      headers: ANONYMOUS,
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([
      'http://portal.test/',
      'https://*.partner.example/sso',
      'http://localhost:8090/partner/',
    ]);
  });
});
