/**
 * Consent for third-party clients (issue 21 §3; consent.ts, consent-routes.ts) on every store, over real
 * HTTP against a listening app, the code exchanged with `oauth4webapi`:
 * - a third-party client's authorization sends the signed-in player's browser to the SPA's consent page;
 *   its details name the site, its host and the requested scopes (those already granted marked);
 * - allowed: the site receives a code, its tokens carry the scopes, and the grant holds them; the next
 *   authorization for those scopes — in this browser or another — goes straight through, one asking for
 *   more shows the page again, as does `prompt=consent`;
 * - denied: the site receives `access_denied` (OIDC Core §3.1.2.6) and nothing is granted;
 * - a first-party client never shows the page;
 * - refused in the §8 shape: no portal session (401), another player's session (403), a decision without
 *   the portal's Origin or not in JSON (cross-site request forgery), an interaction of another browser or
 *   an unknown one (400) — and the interaction is still pending afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { ConsentAnswerSchema, ConsentDetailsSchema, type ErrorBody } from '@guildgate/contracts';
import { freePort, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, errorBody, logIn, type ExpectedItems, type Player } from '../../test/helpers.ts';
import { registerClient } from '../oauth-clients/index.ts';
import { authorizationRequest, CookieJar, HTTP, navigate } from './test-support.ts';

/** The allow-listed origin of the partner clients' redirect URIs. */
const PARTNER = 'https://partner.example';

/** A started authorization request: the browser, the request's secrets, the interaction reached. */
interface Started {
  jar: CookieJar;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  verifier: string;
  /** The interaction's address (`${base}/oidc/interaction/<uid>`) and uid ('' when there was none). */
  interaction: string;
  uid: string;
  /** Where the interaction sent the browser (303), or the provider when there was no interaction. */
  next: string;
}

describe.each(STORES)('consent for third-party clients on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let as: oauth.AuthorizationServer;
  let forumSecret: string;
  let homeSecret: string;
  let alice: Player;
  let bob: Player;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp(kind, { env: { PUBLIC_URL: base, REDIRECT_PATTERNS: `${PARTNER}/` } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const forum = await registerClient(t.ctx.db, {
      clientId: 'consent-forum',
      name: 'Ironclad Forum',
      redirectUris: [`${PARTNER}/forum/callback`],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: false,
      firstParty: false,
    });
    forumSecret = forum.secret ?? '';
    const home = await registerClient(t.ctx.db, {
      clientId: 'consent-home',
      name: 'Guildgate news',
      redirectUris: [`${PARTNER}/home/callback`],
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      isPublic: false,
      firstParty: true,
    });
    homeSecret = home.secret ?? '';
    [alice, bob] = await Promise.all([createPlayer(t, 'ConsentAlice'), createPlayer(t, 'ConsentBob')]);
    const issuer = new URL(`${base}/oidc`);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, HTTP));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A browser holding a fresh portal session of `player` (none when null). */
  async function browserOf(player: Player | null): Promise<CookieJar> {
    const jar = new CookieJar();
    if (player) jar.set('_g2g_identity_', await logIn(t, player));
    return jar;
  }

  /** Starts an authorization request of `clientId` in `jar` and follows it to the interaction's answer. */
  async function authorize(
    jar: CookieJar,
    clientId: string,
    scope: string,
    extra: Record<string, string> = {},
  ): Promise<Started> {
    const redirectUri = `${PARTNER}/${clientId === 'consent-home' ? 'home' : 'forum'}/callback`;
    const {
      url: authorization,
      verifier,
      state,
      nonce,
    } = await authorizationRequest(as, clientId, redirectUri, scope, extra);
    const toInteraction = await navigate(jar, authorization.href);
    expect(toInteraction.status, toInteraction.body).toBe(303);
    const interaction = toInteraction.location;
    if (interaction.startsWith(`${redirectUri}?`)) {
      // The provider session's grant covers the request: no interaction at all.
      return {
        jar,
        clientId,
        redirectUri,
        state,
        nonce,
        verifier,
        interaction: '',
        uid: '',
        next: interaction,
      };
    }
    const uid = new RegExp(`^${base}/oidc/interaction/([\\w-]+)$`).exec(interaction)?.[1] ?? '';
    expect(uid, interaction).not.toBe('');
    const answer = await navigate(jar, interaction);
    expect(answer.status, answer.body).toBe(303);
    return { jar, clientId, redirectUri, state, nonce, verifier, interaction, uid, next: answer.location };
  }

  /** The consent page of `started`'s interaction. */
  const consentPage = (started: Started) => `${base}/oauth/consent?uid=${started.uid}`;

  /** GET the details of `uid` with `jar`'s cookies. */
  const details = (jar: CookieJar, uid: string) =>
    fetch(`${base}/oidc/interaction/${uid}/details`, { headers: { cookie: jar.header() } });

  /** POST a decision on `uid` with `jar`'s cookies, as the SPA does unless `headers` say otherwise. */
  const decide = (
    jar: CookieJar,
    uid: string,
    body: unknown,
    headers: Record<string, string | undefined> = {},
  ) => {
    const sent: Record<string, string | undefined> = {
      cookie: jar.header(),
      origin: base,
      'content-type': 'application/json',
      ...headers,
    };
    const given: Record<string, string> = {};
    for (const [name, value] of Object.entries(sent)) if (value !== undefined) given[name] = value;
    return fetch(`${base}/oidc/interaction/${uid}/consent`, {
      method: 'POST',
      headers: given,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  };

  /** Another browser holding the cookies of `jar`. */
  function copyOf(jar: CookieJar): CookieJar {
    const copy = new CookieJar();
    for (const pair of jar.header().split('; ')) {
      const eq = pair.indexOf('=');
      copy.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return copy;
  }

  /** Expects `response` to be the §8 error body `items` with `status`. */
  async function expectRefused(response: Response, status: number, items: ExpectedItems) {
    expect({ status: response.status, body: (await response.json()) as ErrorBody }).toEqual({
      status,
      body: errorBody(items),
    });
  }

  /** Allows (or denies) `started`'s request and follows the answer to the site's redirect URI. */
  async function decideAndReturn(started: Started, approve: boolean): Promise<URL> {
    const response = await decide(started.jar, started.uid, { Approve: approve });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { RedirectUri } = ConsentAnswerSchema.parse(await response.json());
    expect(RedirectUri.startsWith(`${base}/oidc/`), RedirectUri).toBe(true);
    const toClient = await navigate(started.jar, RedirectUri);
    expect(toClient.status, toClient.body).toBe(303);
    expect(toClient.location.startsWith(`${started.redirectUri}?`), toClient.location).toBe(true);
    return new URL(toClient.location);
  }

  /** Follows the interaction's answer straight to the site (no consent page) and returns the callback. */
  async function straightThrough(started: Started): Promise<URL> {
    if (started.next.startsWith(`${started.redirectUri}?`)) return new URL(started.next);
    expect(started.next.startsWith(`${base}/oidc/auth/`), started.next).toBe(true);
    const toClient = await navigate(started.jar, started.next);
    expect(toClient.status).toBe(303);
    expect(toClient.location.startsWith(`${started.redirectUri}?`), toClient.location).toBe(true);
    return new URL(toClient.location);
  }

  /** Exchanges the code of `callback` as `started`'s client. */
  async function exchange(started: Started, callback: URL, secret = forumSecret) {
    const client: oauth.Client = { client_id: started.clientId };
    const parameters = oauth.validateAuthResponse(as, client, callback, started.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(secret),
      parameters,
      started.redirectUri,
      started.verifier,
      HTTP,
    );
    return oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: started.nonce,
      requireIdToken: true,
    });
  }

  /** The scopes of `player`'s stored grants to `clientId`, each grant's as a sorted list. */
  async function storedGrants(player: Player, clientId: string): Promise<string[][]> {
    const rows = await t.ctx.db
      .selectFrom('oidc_payloads')
      .select('payload')
      .where('model', '=', 'Grant')
      .where('account_id', '=', player.idUser)
      .execute();
    return rows
      .map((row) => JSON.parse(row.payload) as { clientId: string; openid?: { scope?: string } })
      .filter((grant) => grant.clientId === clientId)
      .map((grant) => (grant.openid?.scope ?? '').split(' ').filter(Boolean).sort());
  }

  it('sends the player to the consent page and describes the request there', async () => {
    const started = await authorize(await browserOf(alice), 'consent-forum', 'openid profile email');
    expect(started.next).toBe(consentPage(started));
    const response = await details(started.jar, started.uid);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(ConsentDetailsSchema.parse(await response.json())).toEqual({
      ClientId: 'consent-forum',
      ClientName: 'Ironclad Forum',
      SiteHost: 'partner.example',
      Scopes: [
        { Scope: 'openid', Granted: false },
        { Scope: 'profile', Granted: false },
        { Scope: 'email', Granted: false },
      ],
      Username: 'ConsentAlice',
    });
    expect(await storedGrants(alice, 'consent-forum')).toEqual([]);
  });

  it('issues a code once allowed, keeps the scopes in the grant, and asks no more for them', async () => {
    const started = await authorize(await browserOf(alice), 'consent-forum', 'openid email');
    expect(started.next).toBe(consentPage(started));
    const tokens = await exchange(started, await decideAndReturn(started, true));
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({
      aud: 'consent-forum',
      sub: alice.idUser,
    });
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid']);
    expect(await storedGrants(alice, 'consent-forum')).toEqual([['email', 'openid']]);

    // The same request again in this browser: straight to the site.
    const again = await authorize(started.jar, 'consent-forum', 'openid email');
    expect((await exchange(again, await straightThrough(again))).scope?.split(' ').sort()).toEqual([
      'email',
      'openid',
    ]);
    // In another browser too: the consent is the player's.
    const elsewhere = await authorize(await browserOf(alice), 'consent-forum', 'openid');
    await exchange(elsewhere, await straightThrough(elsewhere));

    // Asking for more: the page again, the granted scopes marked; allowing adds the new one.
    const more = await authorize(started.jar, 'consent-forum', 'openid profile email');
    expect(more.next).toBe(consentPage(more));
    const described = ConsentDetailsSchema.parse(await (await details(more.jar, more.uid)).json());
    expect(described.Scopes).toEqual([
      { Scope: 'openid', Granted: true },
      { Scope: 'profile', Granted: false },
      { Scope: 'email', Granted: true },
    ]);
    const moreTokens = await exchange(more, await decideAndReturn(more, true));
    expect(moreTokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);

    // prompt=consent (OIDC Core §3.1.2.1) asks again even though everything is granted.
    const prompted = await authorize(started.jar, 'consent-forum', 'openid', { prompt: 'consent' });
    expect(prompted.next).toBe(consentPage(prompted));
  });

  it('sends access_denied to the site when the player denies, and grants nothing', async () => {
    const started = await authorize(await browserOf(bob), 'consent-forum', 'openid profile');
    expect(started.next).toBe(consentPage(started));
    const callback = await decideAndReturn(started, false);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.get('code')).toBeNull();
    expect(() =>
      oauth.validateAuthResponse(as, { client_id: 'consent-forum' }, callback, started.state),
    ).toThrow(oauth.AuthorizationResponseError);
    expect(await storedGrants(bob, 'consent-forum')).toEqual([]);
    // The decision is spent: the interaction is over.
    await expectRefused(await decide(started.jar, started.uid, { Approve: true }), 400, [
      ['', 'ERROR_REQUEST_INVALID'],
    ]);
    // Next time the page asks again.
    const again = await authorize(started.jar, 'consent-forum', 'openid profile');
    expect(again.next).toBe(consentPage(again));
  });

  it('never shows the page for a first-party client', async () => {
    const started = await authorize(await browserOf(bob), 'consent-home', 'openid profile email');
    const tokens = await exchange(started, await straightThrough(started), homeSecret);
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    await expectRefused(await details(started.jar, started.uid), 400, [['', 'ERROR_REQUEST_INVALID']]);
  });

  it('refuses callers without the session, another player, cross-site decisions and unknown interactions', async () => {
    const player = await createPlayer(t, 'ConsentCarol');
    const started = await authorize(await browserOf(player), 'consent-forum', 'openid');
    expect(started.next).toBe(consentPage(started));
    const approve = { Approve: true };

    // No portal session: the interaction cookie alone is not enough.
    const anonymous = copyOf(started.jar);
    anonymous.set('_g2g_identity_', '');
    await expectRefused(await details(anonymous, started.uid), 401, [['', 'ERROR_UNAUTHORIZED']]);
    await expectRefused(await decide(anonymous, started.uid, approve), 401, [['', 'ERROR_UNAUTHORIZED']]);

    // Another player's portal session in the browser: not the player the interaction asks.
    const other = copyOf(started.jar);
    other.set('_g2g_identity_', await logIn(t, bob));
    await expectRefused(await details(other, started.uid), 403, [['', 'ERROR_FORBIDDEN']]);
    await expectRefused(await decide(other, started.uid, approve), 403, [['', 'ERROR_FORBIDDEN']]);

    // Cross-site request forgery: no Origin, another origin, a form, plain text, a bad body.
    const csrf: Array<[Record<string, string | undefined>, unknown, number, string]> = [
      [{ origin: undefined }, approve, 403, 'ERROR_FORBIDDEN'],
      [{ origin: 'https://evil.example' }, approve, 403, 'ERROR_FORBIDDEN'],
      [{ origin: 'null' }, approve, 403, 'ERROR_FORBIDDEN'],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, 'Approve=true', 400, 'ERROR_REQUEST_INVALID'],
      [{ 'content-type': 'text/plain' }, JSON.stringify(approve), 400, 'ERROR_REQUEST_INVALID'],
    ];
    for (const [headers, body, status, code] of csrf) {
      await expectRefused(await decide(started.jar, started.uid, body, headers), status, [['', code]]);
    }
    for (const body of [{}, { Approve: 'yes' }, { Approve: true, Scopes: ['email'] }]) {
      const response = await decide(started.jar, started.uid, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }

    // Another browser's interaction, an unknown one, or the page of another uid.
    const stranger = await browserOf(player);
    await expectRefused(await details(stranger, started.uid), 400, [['', 'ERROR_REQUEST_INVALID']]);
    await expectRefused(await decide(stranger, started.uid, approve), 400, [['', 'ERROR_REQUEST_INVALID']]);
    await expectRefused(await details(started.jar, 'not-this-one'), 400, [['', 'ERROR_REQUEST_INVALID']]);

    // Nothing of that was granted, and the player's own decision still works.
    expect(await storedGrants(player, 'consent-forum')).toEqual([]);
    const tokens = await exchange(started, await decideAndReturn(started, true));
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(player.idUser);
  });

  it('keeps the page when the browser skips it: the provider asks again, nothing is granted', async () => {
    const player = await createPlayer(t, 'ConsentDave');
    const started = await authorize(await browserOf(player), 'consent-forum', 'openid');
    expect(started.next).toBe(consentPage(started));
    // Straight to the provider's resume address, without a decision.
    const resume = await navigate(started.jar, `${base}/oidc/auth/${started.uid}`);
    expect(resume.status, resume.body).toBe(303);
    expect(resume.location.startsWith(`${base}/oidc/interaction/`), resume.location).toBe(true);
    const answer = await navigate(started.jar, resume.location);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(new RegExp(`^${base}/oauth/consent\\?uid=[\\w-]+$`));
    expect(await storedGrants(player, 'consent-forum')).toEqual([]);
  });
});
