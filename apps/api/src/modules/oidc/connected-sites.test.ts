/**
 * Connected sites (issue 21 §4) on every store, over real HTTP against a listening app: grants made
 * through the real provider flow (authorization code + PKCE through the portal's interaction, driven
 * with oauth4webapi) are listed for their player with the client's name, the granted scopes and the
 * last use (a refresh moves it on); "Remove access" revokes the grant and every token of it — the
 * partner's refresh token is refused, its access token inactive at introspection and refused at
 * userinfo — with an audit event, and leaves the player's other sites alone; another player cannot
 * touch the grant; bad ids, missing bearers and too many calls are refused in the §8 shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { ENDPOINTS, type ConnectedSite } from '@guildgate/contracts';
import { ANONYMOUS, asUser, freePort, json, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, sessionOf, type Player } from '../../test/helpers.ts';
import { issueClientSecret } from '../oauth-clients/index.ts';
import { HTTP, signInAt, type TestClient } from './test-support.ts';

/** The registered and allow-listed redirect URI of the suite's partner clients. */
const REDIRECT_URI = 'https://partner.example/callback';
/** Calls per minute and IP of the suite (the last test spends the rest). */
const RATE_LIMIT = 40;

describe.each(STORES)('connected sites on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let as: oauth.AuthorizationServer;
  let forum: TestClient;
  let wiki: TestClient;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, {
      env: {
        PUBLIC_URL: base,
        REDIRECT_PATTERNS: 'https://partner.example/',
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const client = async (clientId: string, name: string): Promise<TestClient> => ({
      client: { client_id: clientId },
      secret: await issueClientSecret(t.ctx.db, clientId, name),
      redirectUri: REDIRECT_URI,
    });
    forum = await client('sites-forum', 'Guild Forum');
    wiki = await client('sites-wiki', 'Guild Wiki');
    await t.ctx.db
      .updateTable('oauth_clients')
      .set({ redirect_uris: JSON.stringify([REDIRECT_URI]) })
      .where('client_id', 'in', ['sites-forum', 'sites-wiki'])
      .execute();
    [alice, bob] = await Promise.all([createPlayer(t, 'SitesAlice'), createPlayer(t, 'SitesBob')]);
    const issuer = new URL(`${base}/oidc`);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, HTTP));
  });
  afterAll(async () => {
    await t.close();
  });

  /** `player` signs in at `partner` through the provider for `scope`. */
  const signIn = (player: Player, partner: TestClient, scope = 'openid profile email') =>
    signInAt({ t, base, as, partner, player, scope });

  /** A portal access token of `player` (the bearer of the account calls). */
  const bearerOf = async (player: Player) => (await sessionOf(t, player)).token.Value;

  /** GET account/connected-sites as `player`. */
  const list = async (player: Player) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${ENDPOINTS.getAccountConnectedSites.path}`,
      headers: asUser(await bearerOf(player)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return json<ConnectedSite[]>(res);
  };

  /** POST account/connected-sites/{clientId}/remove as the holder of `bearer` (`segment`: sent as is). */
  const remove = (bearer: string, clientId: string, segment = encodeURIComponent(clientId)) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/connected-sites/${segment}/remove`,
      headers: asUser(bearer),
    });

  /** The refresh token grant of `partner` with `refreshToken`: its processed answer (or the error). */
  const refresh = async (partner: TestClient, refreshToken: string) =>
    oauth.processRefreshTokenResponse(
      as,
      partner.client,
      await oauth.refreshTokenGrantRequest(
        as,
        partner.client,
        oauth.ClientSecretBasic(partner.secret),
        refreshToken,
        HTTP,
      ),
    );

  /** Introspection of `token` by `partner` (RFC 7662). */
  const introspect = async (partner: TestClient, token: string) =>
    oauth.processIntrospectionResponse(
      as,
      partner.client,
      await oauth.introspectionRequest(
        as,
        partner.client,
        oauth.ClientSecretBasic(partner.secret),
        token,
        HTTP,
      ),
    );

  it('lists nothing before any grant, then each site granted with its name, scopes and last use', async () => {
    expect(await list(alice)).toEqual([]);
    const before = Date.now();
    await signIn(alice, forum);
    const [site] = await list(alice);
    expect(site).toEqual({
      ClientId: 'sites-forum',
      Name: 'Guild Forum',
      Scopes: ['openid', 'profile', 'email'],
      GrantedAt: expect.any(String),
      LastUsedAt: expect.any(String),
    });
    // iat is in whole seconds; the code's use is exact.
    expect(Date.parse(site.GrantedAt)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(Date.parse(site.LastUsedAt)).toBeGreaterThanOrEqual(Date.parse(site.GrantedAt));
    expect(Date.parse(site.LastUsedAt)).toBeLessThanOrEqual(Date.now());

    await signIn(alice, wiki, 'openid');
    const sites = await list(alice);
    expect(sites.map((one) => [one.ClientId, one.Name, one.Scopes])).toEqual([
      ['sites-wiki', 'Guild Wiki', ['openid']],
      ['sites-forum', 'Guild Forum', ['openid', 'profile', 'email']],
    ]);
    // Bob granted nothing: the list is his own.
    expect(await list(bob)).toEqual([]);
  });

  it('moves the last use on when the site refreshes its tokens, and shows one row per site', async () => {
    const { tokens } = await signIn(bob, forum, 'openid');
    const [first] = await list(bob);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await refresh(forum, tokens.refresh_token!);
    const [after] = await list(bob);
    expect(Date.parse(after.LastUsedAt)).toBeGreaterThan(Date.parse(first.LastUsedAt));
    expect(after.GrantedAt).toBe(first.GrantedAt);
    // A second sign-in in another browser makes another grant of the same site: still one row, with
    // the scopes of both.
    await signIn(bob, forum, 'openid email');
    const sites = await list(bob);
    expect(sites).toHaveLength(1);
    expect(sites[0].Scopes).toEqual(['openid', 'email']);
  });

  it("removes access: the site's refresh token is refused and its access token inactive", async () => {
    const player = await createPlayer(t, 'SitesCarol');
    const forumSignIns = [await signIn(player, forum), await signIn(player, forum, 'openid')];
    const wikiSignIn = await signIn(player, wiki);
    const bearer = await bearerOf(player);
    for (const { tokens } of forumSignIns) {
      expect((await introspect(forum, tokens.access_token)).active).toBe(true);
    }

    const res = await remove(bearer, 'sites-forum');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ Success: true });

    for (const { tokens } of forumSignIns) {
      await expect(refresh(forum, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      expect(await introspect(forum, tokens.access_token)).toEqual({ active: false });
      const userinfo = await oauth.userInfoRequest(as, forum.client, tokens.access_token, HTTP);
      expect(userinfo.status).toBe(401);
    }
    expect((await list(player)).map((site) => site.ClientId)).toEqual(['sites-wiki']);
    // Nothing of the site's grants is left in the store: no grant, code or token of the player for it.
    const left = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select(['model', 'payload'])
      .where('account_id', '=', player.idUser)
      .where('model', 'in', ['Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'])
      .execute();
    expect(left.filter((row) => row.payload.includes('"sites-forum"'))).toEqual([]);
    // The other site keeps working.
    expect((await introspect(wiki, wikiSignIn.tokens.access_token)).active).toBe(true);
    expect((await refresh(wiki, wikiSignIn.tokens.refresh_token!)).access_token).toBeTruthy();
    // The removal is in the audit trail.
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select(['detail', 'ip'])
      .where('user_id', '=', player.id)
      .where('type', '=', 'connected-site.removed')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].detail ?? '')).toEqual({ clientId: 'sites-forum', grants: 2 });
    // Removing it again: the site is no longer connected.
    expectErrors(await remove(bearer, 'sites-forum'), 400, [['clientId', 'ERROR_CONNECTED_SITE_UNKNOWN']]);
  });

  it("leaves another player's grant untouched", async () => {
    const dave = await createPlayer(t, 'SitesDave');
    const erin = await createPlayer(t, 'SitesErin');
    const { tokens } = await signIn(dave, wiki);
    const res = await remove(await bearerOf(erin), 'sites-wiki');
    expectErrors(res, 400, [['clientId', 'ERROR_CONNECTED_SITE_UNKNOWN']]);
    expect((await list(dave)).map((site) => site.ClientId)).toEqual(['sites-wiki']);
    expect((await introspect(wiki, tokens.access_token)).active).toBe(true);
    expect((await refresh(wiki, tokens.refresh_token!)).access_token).toBeTruthy();
  });

  it('refuses bad client ids and callers without a player bearer in the §8 shape', async () => {
    const bearer = await bearerOf(alice);
    expectErrors(await remove(bearer, 'nobody'), 400, [['clientId', 'ERROR_CONNECTED_SITE_UNKNOWN']]);
    // Too long, a NUL, a lone surrogate's UTF-8, bad percent-encoding.
    for (const segment of ['x'.repeat(2049), '%00', '%ED%A0%80', '%E0%A4%A']) {
      const res = await remove(bearer, '', segment);
      expect(res.statusCode, `${segment.slice(0, 20)}: ${res.body}`).toBe(400);
      expect(json<{ ErrorMessages: unknown[] }>(res).ErrorMessages.length).toBeGreaterThan(0);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/account/connected-sites',
      headers: ANONYMOUS,
    });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/account/connected-sites/sites-forum/remove',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(noKey.statusCode).toBe(401);
    // The portal's own tokens only: a token the provider issued to a site is no bearer here.
    const { tokens } = await signIn(alice, forum, 'openid');
    const withSiteToken = await remove(tokens.access_token, 'sites-forum');
    expectErrors(withSiteToken, 401, [['', 'ERROR_TOKEN_INVALID']]);
    expect((await list(alice)).map((site) => site.ClientId)).toContain('sites-forum');
  });

  it('limits the calls per IP (429 in the §8 shape with Retry-After)', async () => {
    const headers = asUser(await bearerOf(alice));
    let res = await t.app.inject({ method: 'GET', url: '/api/account/connected-sites', headers });
    for (let i = 0; i < RATE_LIMIT && res.statusCode === 200; i += 1) {
      res = await t.app.inject({ method: 'GET', url: '/api/account/connected-sites', headers });
    }
    expectErrors(res, 429, [['', 'ERROR_RATE_LIMITED']]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
