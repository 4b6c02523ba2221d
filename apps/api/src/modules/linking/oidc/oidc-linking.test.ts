/**
 * Linking Twitch and Epic Games over OAuth 2.0 + OpenID Connect against the sandbox's providers (spec §4
 * Linking a provider; §7 Linking; the Twitch and Epic Games kin of §8 USER_STEAM_EXIST and
 * STEAM_NOT_REACHABLE), on SQLite and PostgreSQL: state, PKCE and nonce bound to the player's session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, STORES, type TestApp } from '../../../test/harness.ts';
import { expectErrors } from '../../../test/helpers.ts';
import { banIp, liftIpBan } from '../../bans/service.ts';
import {
  connectionsOf,
  getAuth,
  linkingPlayer,
  oauthCallback,
  postAs,
  startLinkingApp,
  type LinkingPlayer,
} from '../test-support.ts';

/** The body the SPA's /twitch/callback page posts. */
function twitchBody(callback: URL): Record<string, string | null> {
  return {
    Code: callback.searchParams.get('code'),
    CallbackPath: '/twitch/callback',
    State: callback.searchParams.get('state'),
  };
}

let seq = 0;
/** A fresh provider login for this run. */
function login(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now() % 100000}${seq}`;
}

describe.each(STORES)('Twitch and Epic Games linking (%s)', (kind) => {
  let t: TestApp;
  let ada: LinkingPlayer;
  let bob: LinkingPlayer;
  beforeAll(async () => {
    t = await startLinkingApp(kind);
    ada = await linkingPlayer(t, 'AdaStream');
    bob = await linkingPlayer(t, 'BobStream');
  });
  afterAll(() => t.close());

  it('links Twitch with state, PKCE S256 and nonce, and stores the profile', async () => {
    const name = login('ada_');
    const { authorizationUrl, callback } = await oauthCallback(t, ada, 'twitch', { username: name });
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe('http://localhost:8080/twitch/callback');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe(authorizationUrl.searchParams.get('state'));
    const res = await postAs(t, ada, 'twitch/callback', twitchBody(callback));
    expect(res.statusCode).toBe(200);
    const { AccountId } = json<{ AccountId: string }>(res);
    expect(AccountId).toMatch(/^\d+$/);
    const twitch = (await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'twitch')!;
    expect(twitch).toMatchObject({ IsLinked: true, Id_Account: AccountId, ConnectName: name });
    expect(twitch.Avatar).toBe(`${t.sandboxUrl}/twitch/avatars/${AccountId}.svg`);
    // The code and state are single use.
    expectErrors(await postAs(t, ada, 'twitch/callback', twitchBody(callback)), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
  });

  it("refuses another player's state, a missing state, a foreign callback path and a forged code", async () => {
    const { callback } = await oauthCallback(t, ada, 'twitch', { username: login('x_') });
    expectErrors(await postAs(t, bob, 'twitch/callback', twitchBody(callback)), 400, [
      ['', 'ERROR_LINK_STATE_INVALID'],
    ]);
    expectErrors(await postAs(t, ada, 'twitch/callback', { ...twitchBody(callback), State: null }), 400, [
      ['', 'ERROR_STATE_EMPTY'],
    ]);
    expectErrors(
      await postAs(t, ada, 'twitch/callback', { ...twitchBody(callback), State: 'made-up-state' }),
      400,
      [['', 'ERROR_LINK_STATE_INVALID']],
    );
    expectErrors(
      await postAs(t, ada, 'twitch/callback', { ...twitchBody(callback), CallbackPath: '/evil' }),
      400,
      [['callbackPath', 'ERROR_LINK_CALLBACK_INVALID']],
    );
    expectErrors(
      await postAs(t, ada, 'twitch/callback', { ...twitchBody(callback), Code: 'forged-code' }),
      400,
      [['', 'ERROR_LINK_AUTHORIZATION_INVALID']],
    );
  });

  it("binds PKCE to the link: a code redeemed under another link's state is refused", async () => {
    const first = await oauthCallback(t, bob, 'twitch', { username: login('p_') });
    const second = await oauthCallback(t, bob, 'twitch', { username: login('q_') });
    const swapped = { ...twitchBody(first.callback), State: second.callback.searchParams.get('state') };
    expectErrors(await postAs(t, bob, 'twitch/callback', swapped), 400, [
      ['', 'ERROR_LINK_AUTHORIZATION_INVALID'],
    ]);
    expect((await connectionsOf(t, bob)).find((c) => c.CanonicalName === 'twitch')!.IsLinked).toBe(false);
  });

  it('a declined authorization is a cancelled link', async () => {
    const { callback } = await oauthCallback(t, bob, 'twitch', { username: login('c_'), decision: 'cancel' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expectErrors(await postAs(t, bob, 'twitch/callback', twitchBody(callback)), 400, [
      ['', 'ERROR_LINK_CANCELLED'],
    ]);
  });

  it('refuses a Twitch account another player holds, and unlinks idempotently', async () => {
    const shared = login('shared_');
    await postAs(
      t,
      ada,
      'twitch/callback',
      twitchBody((await oauthCallback(t, ada, 'twitch', { username: shared })).callback),
    );
    const taken = await oauthCallback(t, bob, 'twitch', { username: shared });
    expectErrors(await postAs(t, bob, 'twitch/callback', twitchBody(taken.callback)), 400, [
      ['', 'ERROR_USER_TWITCH_EXIST'],
    ]);
    for (let i = 0; i < 2; i += 1) {
      const res = await postAs(t, ada, 'twitch/unlink', {});
      expect(res.statusCode).toBe(200);
    }
    expect((await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'twitch')!.IsLinked).toBe(false);
  });

  it('links Epic Games by code and hands back the allow-listed redirect', async () => {
    const name = login('hero');
    const redirectUrl = 'https://partner.example/rewards';
    const { callback } = await oauthCallback(t, ada, 'epicgames', { username: name, redirectUrl });
    const res = await postAs(t, ada, 'epicgames/callback', {
      Code: callback.searchParams.get('code'),
      State: callback.searchParams.get('state'),
    });
    expect(res.statusCode).toBe(200);
    const body = json<{ AccountId: string; RedirectUrl: string }>(res);
    expect(body.AccountId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.RedirectUrl).toBe(redirectUrl);
    const epic = (await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'epic-games')!;
    expect(epic).toMatchObject({ IsLinked: true, Id_Account: body.AccountId, ConnectName: name });
    expect((await postAs(t, ada, 'epicgames/unlink', {})).statusCode).toBe(200);
    expect((await connectionsOf(t, ada)).find((c) => c.CanonicalName === 'epic-games')!.IsLinked).toBe(false);
  });

  it('alternative redeemer: the API redeems at /api/epicgames/callback, the SPA completes with State', async () => {
    const redirectUrl = 'https://partner.example/back';
    const { authorizationUrl, callback } = await oauthCallback(t, bob, 'epicgames', {
      username: login('red'),
      callbackPath: '/epicgames/callback',
      redirectUrl,
    });
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      'http://localhost:8080/api/epicgames/callback',
    );
    const relay = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(relay.statusCode).toBe(303);
    const spa = new URL(relay.headers.location as string);
    expect(spa.origin + spa.pathname).toBe('http://localhost:8080/epic-games/callback');
    expect(spa.searchParams.get('redirectUrl')).toBe(redirectUrl);
    const state = spa.searchParams.get('state');
    expect(state).toBe(callback.searchParams.get('state'));
    // What the SPA posts: the redirectUrl query split at 'state='.
    const res = await postAs(t, bob, 'epicgames/callback', {
      State: state,
      CallbackPath: '/epic-games/callback',
      RedirectUrl: redirectUrl,
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ RedirectUrl: string }>(res).RedirectUrl).toBe(redirectUrl);
    expect((await connectionsOf(t, bob)).find((c) => c.CanonicalName === 'epic-games')!.IsLinked).toBe(true);
  });

  it('alternative redeemer: a declined authorization reaches the player as a cancelled link', async () => {
    const { callback } = await oauthCallback(t, ada, 'epicgames', {
      username: login('no'),
      callbackPath: '/epicgames/callback',
      decision: 'cancel',
    });
    const relay = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    const state = new URL(relay.headers.location as string).searchParams.get('state');
    expectErrors(
      await postAs(t, ada, 'epicgames/callback', { State: state, CallbackPath: '/epic-games/callback' }),
      400,
      [['', 'ERROR_LINK_CANCELLED']],
    );
  });

  it('refuses a banned address with the provider link variants', async () => {
    await banIp(t.ctx.db, '127.0.0.1');
    try {
      expectErrors(await getAuth(t, ada, 'twitch', { callbackPath: '/twitch/callback' }), 400, [
        ['', 'ERROR_USER_IP_BANNED_TWITCH_LINK'],
      ]);
      expectErrors(await getAuth(t, ada, 'epicgames', { callbackPath: '/epic-games/callback' }), 400, [
        ['', 'ERROR_USER_IP_BANNED_EPICGAMES_LINK'],
      ]);
    } finally {
      await liftIpBan(t.ctx.db, '127.0.0.1');
    }
  });
});

describe.each(STORES)('Twitch and Epic Games not reachable (%s)', (kind) => {
  it('answers 503 with the provider code when it is down or not configured', async () => {
    const down = await startLinkingApp(kind, {
      env: { TWITCH_ISSUER: 'http://127.0.0.1:1/twitch', EPIC_GAMES_CLIENT_ID: '' },
    });
    try {
      const player = await linkingPlayer(down, 'DownStream');
      expectErrors(await getAuth(down, player, 'twitch', { callbackPath: '/twitch/callback' }), 503, [
        ['', 'ERROR_TWITCH_NOT_REACHABLE'],
      ]);
      expectErrors(await getAuth(down, player, 'epicgames', { callbackPath: '/epic-games/callback' }), 503, [
        ['', 'ERROR_EPICGAMES_NOT_REACHABLE'],
      ]);
    } finally {
      await down.close();
    }
  });
});
