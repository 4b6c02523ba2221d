/**
 * Linking Steam over OpenID 2.0 against the sandbox's Steam (spec §4 Linking a provider; §7 Linking;
 * §8 USER_STEAM_EXIST, STEAM_NOT_REACHABLE, ERROR_USER_IP_BANNED_STEAM_LINK), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, json, STORES, type TestApp } from '../../../test/harness.ts';
import { expectErrors } from '../../../test/helpers.ts';
import { banIp, liftIpBan } from '../../bans/service.ts';
import {
  connectionsOf,
  freshSteamId,
  getAuth,
  linkingPlayer,
  postAs,
  queryOf,
  startLinkingApp,
  steamAssertion,
  type LinkingPlayer,
} from '../test-support.ts';

describe.each(STORES)('Steam linking (%s)', (kind) => {
  let t: TestApp;
  let ada: LinkingPlayer;
  let bob: LinkingPlayer;
  beforeAll(async () => {
    t = await startLinkingApp(kind);
    ada = await linkingPlayer(t, 'AdaSteam');
    bob = await linkingPlayer(t, 'BobSteam');
  });
  afterAll(() => t.close());

  it('links the account Steam asserts, with its persona and avatar, and sets SteamCheck', async () => {
    const steamId = freshSteamId();
    const back = await steamAssertion(t, ada, steamId, { personaName: 'Ada On Steam' });
    expect(back.origin + back.pathname).toBe('http://localhost:8080/steam/callback');
    expect(back.searchParams.get('link_state')).toMatch(/^[\w-]{43}$/);
    const res = await postAs(t, ada, 'steam/callback', queryOf(back));
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ AccountId: steamId, RedirectUrl: null });

    const steam = (await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'steam')!;
    expect(steam).toMatchObject({ IsLinked: true, Id_Account: steamId, ConnectName: 'Ada On Steam' });
    expect(steam.Avatar).toBe(`${t.sandboxUrl}/steam/avatars/${steamId}.svg`);
    expect(Date.now() - Date.parse(steam.LastCheck!)).toBeLessThan(60_000);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${ada.idUser}`,
      headers: asUser(ada.token.Value),
    });
    expect(json<{ SteamCheck: boolean }>(me).SteamCheck).toBe(true);

    // The same callback cannot complete a second link.
    expectErrors(await postAs(t, ada, 'steam/callback', queryOf(back)), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
  });

  it('refuses an account another player holds (USER_STEAM_EXIST) and keeps the holder', async () => {
    const steamId = freshSteamId();
    await postAs(t, ada, 'steam/callback', queryOf(await steamAssertion(t, ada, steamId)));
    const back = await steamAssertion(t, bob, steamId);
    expectErrors(await postAs(t, bob, 'steam/callback', queryOf(back)), 400, [
      ['', 'ERROR_USER_STEAM_EXIST'],
    ]);
    expect((await connectionsOf(t, bob)).find((c) => c.CanonicalName === 'steam')!.IsLinked).toBe(false);
    expect((await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'steam')!.Id_Account).toBe(steamId);
  });

  it("refuses another player's callback: the link belongs to the session that started it", async () => {
    const back = await steamAssertion(t, ada, freshSteamId());
    expectErrors(await postAs(t, bob, 'steam/callback', queryOf(back)), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
  });

  it('refuses a callback without openid.signed (spec §5) and a cancelled sign-in', async () => {
    const back = queryOf(await steamAssertion(t, ada, freshSteamId()));
    delete back['openid.signed'];
    expectErrors(await postAs(t, ada, 'steam/callback', back), 400, [['', 'ERROR_OPENID_UNAUTHORIZED']]);
    const cancelled = await steamAssertion(t, ada, freshSteamId(), { action: 'cancel' });
    expect(cancelled.searchParams.get('openid.mode')).toBe('cancel');
    expectErrors(await postAs(t, ada, 'steam/callback', queryOf(cancelled)), 400, [
      ['', 'ERROR_LINK_CANCELLED'],
    ]);
  });

  it('refuses tampered and forged assertions without linking anything', async () => {
    const other = freshSteamId();
    const claimedOf = (genuine: Record<string, string>, id: string) =>
      genuine['openid.claimed_id'].replace(/\d{17}$/, id);
    const forgeries: Array<(genuine: Record<string, string>) => Record<string, string>> = [
      // Another account's id: the signature no longer matches, Steam says is_valid:false.
      (g) => ({ ...g, 'openid.claimed_id': claimedOf(g, other), 'openid.identity': claimedOf(g, other) }),
      // A made-up signature.
      (g) => ({ ...g, 'openid.sig': Buffer.alloc(32).toString('base64') }),
      // A signed-field list that leaves the claimed id out.
      (g) => ({ ...g, 'openid.signed': 'op_endpoint,return_to,response_nonce,assoc_handle' }),
      // A foreign provider that would confirm anything.
      (g) => ({ ...g, 'openid.op_endpoint': 'http://127.0.0.1:1/openid/login' }),
      // claimed_id ≠ identity.
      (g) => ({ ...g, 'openid.identity': claimedOf(g, other) }),
      // A claimed id outside Steam's.
      (g) => ({ ...g, 'openid.claimed_id': 'http://127.0.0.1:1/id/76561190000000001' }),
      // return_to of another link.
      (g) => ({ ...g, 'openid.return_to': 'http://localhost:8080/steam/callback?link_state=x' }),
    ];
    for (const forge of forgeries) {
      const genuine = queryOf(await steamAssertion(t, ada, freshSteamId()));
      expectErrors(await postAs(t, ada, 'steam/callback', forge(genuine)), 400, [
        ['', 'ERROR_OPENID_UNAUTHORIZED'],
      ]);
    }
    expect((await connectionsOf(t, ada)).find((c) => c.Id_Account === other)).toBeUndefined();
  });

  it('refuses a replayed nonce, even with the genuine assertion', async () => {
    const genuine = queryOf(await steamAssertion(t, ada, freshSteamId()));
    // The first presentation fails at Steam (bad signature) but spends the nonce…
    const tampered = { ...genuine, 'openid.sig': Buffer.alloc(32).toString('base64') };
    expectErrors(await postAs(t, ada, 'steam/callback', tampered), 400, [['', 'ERROR_OPENID_UNAUTHORIZED']]);
    // …so the genuine assertion, presented again, is a replay.
    expectErrors(await postAs(t, ada, 'steam/callback', genuine), 400, [['', 'ERROR_OPENID_UNAUTHORIZED']]);
    const steam = (await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'steam')!;
    expect(steam.Id_Account).not.toBe(genuine['openid.claimed_id'].slice(-17));
  });

  it('unlinks (idempotently) and clears SteamCheck; a SteamId that is not the linked one is refused', async () => {
    const steamId = freshSteamId();
    await postAs(t, bob, 'steam/callback', queryOf(await steamAssertion(t, bob, steamId)));
    expectErrors(await postAs(t, bob, 'steam/unlink', { SteamId: freshSteamId() }), 400, [
      ['SteamId', 'ERROR_CONNECTION_MISMATCH'],
    ]);
    for (let i = 0; i < 2; i += 1) {
      const res = await postAs(t, bob, 'steam/unlink', { SteamId: steamId });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ Success: true });
    }
    expect((await connectionsOf(t, bob)).find((c) => c.CanonicalName === 'steam')!.IsLinked).toBe(false);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${bob.idUser}`,
      headers: asUser(bob.token.Value),
    });
    expect(json<{ SteamCheck: boolean }>(me).SteamCheck).toBe(false);
    // Once unlinked, another player may link that account.
    const back = await steamAssertion(t, ada, steamId);
    expect((await postAs(t, ada, 'steam/callback', queryOf(back))).statusCode).toBe(200);
  });

  it('partner variant: Steam returns to the API, the SPA completes with State and gets the redirect', async () => {
    const steamId = freshSteamId();
    const redirectUrl = 'https://partner.example/after-link?x=1';
    const back = await steamAssertion(t, bob, steamId, { redirectUrl });
    expect(back.pathname).toBe('/api/steam/partner/callback');
    const state = back.searchParams.get('state')!;
    const relay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(relay.statusCode).toBe(303);
    expect(relay.headers.location).toBe(
      `http://localhost:8080/steam/callback?state=${encodeURIComponent(state)}`,
    );
    expect(relay.headers['referrer-policy']).toBe('no-referrer');
    // Only the session that started it completes it.
    expectErrors(await postAs(t, ada, 'steam/partner/callback', { State: state }), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
    const res = await postAs(t, bob, 'steam/partner/callback', { State: state });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ AccountId: steamId, RedirectUrl: redirectUrl });
    expectErrors(await postAs(t, bob, 'steam/partner/callback', { State: state }), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
    expectErrors(await postAs(t, bob, 'steam/partner/callback', {}), 400, [['', 'ERROR_STATE_EMPTY']]);
  });

  it('partner variant: a forged assertion reaches the player as the OpenID error', async () => {
    const back = await steamAssertion(t, bob, freshSteamId(), { redirectUrl: 'https://partner.example/' });
    back.searchParams.set('openid.sig', Buffer.alloc(32).toString('base64'));
    const relay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(relay.statusCode).toBe(303);
    const state = back.searchParams.get('state')!;
    expectErrors(await postAs(t, bob, 'steam/partner/callback', { State: state }), 400, [
      ['', 'ERROR_OPENID_UNAUTHORIZED'],
    ]);
  });

  it('refuses a redirect outside the allow-list, a foreign callback path, and anonymous callers', async () => {
    expectErrors(
      await getAuth(t, ada, 'steam', {
        callbackPath: '/steam/callback',
        redirectUrl: 'https://evil.example/',
      }),
      400,
      [['redirectUrl', 'ERROR_REDIRECT_NOT_ALLOWED']],
    );
    expectErrors(await getAuth(t, ada, 'steam', { callbackPath: '//evil.example/steam/callback' }), 400, [
      ['callbackPath', 'ERROR_LINK_CALLBACK_INVALID'],
    ]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/steam/auth?callbackPath=/steam/callback',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a banned address with the Steam link variant', async () => {
    await banIp(t.ctx.db, '127.0.0.1');
    try {
      expectErrors(await getAuth(t, ada, 'steam', { callbackPath: '/steam/callback' }), 400, [
        ['', 'ERROR_USER_IP_BANNED_STEAM_LINK'],
      ]);
    } finally {
      await liftIpBan(t.ctx.db, '127.0.0.1');
    }
  });
});

describe.each(STORES)('Steam not reachable (%s)', (kind) => {
  it('answers 503 STEAM_NOT_REACHABLE when the provider or its Web API is down, linking nothing', async () => {
    const down = await startLinkingApp(kind, { env: { STEAM_OPENID_URL: 'http://127.0.0.1:1/openid' } });
    try {
      const player = await linkingPlayer(down, 'DownSteam');
      expectErrors(await getAuth(down, player, 'steam', { callbackPath: '/steam/callback' }), 503, [
        ['', 'ERROR_STEAM_NOT_REACHABLE'],
      ]);
    } finally {
      await down.close();
    }
    const noApi = await startLinkingApp(kind, { env: { STEAM_API_URL: 'http://127.0.0.1:1/api' } });
    try {
      const player = await linkingPlayer(noApi, 'NoApiSteam');
      const back = await steamAssertion(noApi, player, freshSteamId());
      expectErrors(await postAs(noApi, player, 'steam/callback', queryOf(back)), 503, [
        ['', 'ERROR_STEAM_NOT_REACHABLE'],
      ]);
      expect((await connectionsOf(noApi, player)).find((c) => c.CanonicalName === 'steam')!.IsLinked).toBe(
        false,
      );
    } finally {
      await noApi.close();
    }
  });
});
