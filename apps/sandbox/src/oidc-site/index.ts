/**
 * The OpenID Connect site party (issue 21 §5, §6): a second partner site that knows nothing of the hub
 * but its issuer, `${hub}/oidc`, and connects the way any site built on a standard library would —
 * `openid-client` 6 (a certified relying party library) on the server side:
 * - discovery (OpenID Connect Discovery 1.0) of the hub's endpoints on first use, cached, retried
 *   after a failure;
 * - authorization code flow with PKCE S256, `state` and `nonce` (OIDC Core §3.1; RFC 7636; RFC 9700
 *   §2.1.1), client `sandbox-oidc-site` authenticated with HTTP Basic (`client_secret_basic`, RFC 6749
 *   §2.3.1); the ID token validated by the library (signature against the hub's JWKS, `iss`, `aud`,
 *   `exp`, `nonce`; OIDC Core §3.1.3.7);
 * - the claims of the ID token and of userinfo (OIDC Core §5.3) shown on the home page;
 * - refresh (RFC 6749 §6; the hub rotates refresh tokens, RFC 9700 §4.14.2);
 * - RP-initiated log-out (OpenID Connect RP-Initiated Logout 1.0) with `id_token_hint`, `client_id`,
 *   `post_logout_redirect_uri` (the site's own signed-out page, registered with the client by the demo
 *   seed) and `state` (kept in a short-lived cookie and compared on the way back, §3);
 * - back-channel log-out (OpenID Connect Back-Channel Logout 1.0): the hub POSTs a `logout_token` when
 *   the player's Guildgate sessions end (portal log-out, ban, account deletion…); the site validates it
 *   as §2.6 says — with `jose`, against the hub's JWKS found by discovery: signature (RS256), `typ`
 *   `logout+jwt`, `iss`, `aud` the site's client, `iat` (at most {@link LOGOUT_TOKEN_MAX_AGE} old), a
 *   `jti` not seen before, the `events` claim with the back-channel log-out event, `sid` or `sub`, no
 *   `nonce` — and ends every session of that player (`sub`) or Guildgate session (`sid`).
 *
 * Routes, under `/oidc-site/`: `GET /oidc-site/` (home: 'Sign in', or 'Signed in as …' with the claims,
 * 'Refresh tokens' and 'Sign out'), `GET /oidc-site/sign-in` (303 to the hub's authorization endpoint),
 * `GET /oidc-site/callback` (the hub's answer; 303 home, or a 'Sign-in failed' page: 400, 502 when the
 * hub cannot be reached), `POST /oidc-site/refresh` (303 home; the home page signed out when the hub
 * refuses the refresh token, 502 with a notice when it cannot be reached), `POST /oidc-site/sign-out`
 * (forgets the site's session; 303 to the hub's end-session endpoint, or 502 with a notice when the hub
 * cannot be reached), `GET /oidc-site/signed-out` (the post-log-out redirect URI: 'You are signed out',
 * saying Guildgate confirmed it when `state` is the one sent), `POST /oidc-site/backchannel-logout` (the
 * back-channel log-out URI: 200 once the sessions are ended, 400 `invalid_request` with a reason for a
 * token that does not validate; §2.8). Sessions live in memory, found by an HttpOnly SameSite=Lax cookie
 * scoped to `/oidc-site/`.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import * as client from 'openid-client';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SandboxContext, SandboxParty } from '../party.ts';
import { html, type SafeHtml } from '../shared/html.ts';
import { layout, sendPage } from '../shared/layout.ts';

/** The site's client at the hub: `DEMO_OIDC_SITE_CLIENT` of apps/api/src/db/seed.ts (SEED_DEMO=1). */
export const OIDC_SITE_CLIENT = {
  clientId: 'sandbox-oidc-site',
  clientSecret: 'sandbox-oidc-site-secret',
} as const;

/** The site's heading. */
export const OIDC_SITE_NAME = 'Guildgate OpenID Connect site (sandbox)';

/** The scopes the site asks for (OIDC Core §5.4; the hub's claims per scope: docs/partner-api.md). */
export const OIDC_SITE_SCOPE = 'openid profile email';

/** Name of the site's session cookie. */
const SESSION_COOKIE = 'oidc_site_session';

/** Name of the cookie keeping the `state` of an RP-initiated log-out until the hub sends the browser back. */
const LOGOUT_STATE_COOKIE = 'oidc_site_logout_state';

/** The event a logout token carries (Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** Oldest `iat` of a logout token the site accepts (Back-Channel Logout 1.0 §2.6 step 6). */
const LOGOUT_TOKEN_MAX_AGE = '5 minutes';

/** Most logout-token `jti`s remembered against replay (§2.6 step 10), the oldest forgotten first. */
const MAX_SEEN_JTIS = 10_000;

/** How long a started sign-in may wait, and how long a session is kept, ms. */
const PENDING_TTL_MS = 10 * 60_000;
const SESSION_TTL_MS = 8 * 60 * 60_000;

/** Most sessions kept; the oldest are forgotten first. */
const MAX_SESSIONS = 10_000;

/** Bound of every call to the hub, seconds. */
const TIMEOUT_SECONDS = 10;

/** A signed-in player as the site knows them: the hub's tokens and the claims it released. */
interface SignedIn {
  idToken: string;
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms the access token expires. */
  accessTokenExpiresAt: number;
  idTokenClaims: Record<string, unknown>;
  userinfo: Record<string, unknown>;
  /** How many times the tokens were refreshed. */
  refreshes: number;
}

/** One browser's session at the site. */
interface Session {
  readonly id: string;
  expiresAt: number;
  pending: { state: string; nonce: string; codeVerifier: string; expiresAt: number } | null;
  player: SignedIn | null;
}

/** Where the hub is: its public address (the issuer is `${url}/oidc`). */
export interface OidcHubSettings {
  url: string;
}

/** Why a callback did not sign the player in; `detail` is shown to the person. */
class SignInFailure extends Error {
  readonly status: 400 | 502;
  readonly detail: string;

  constructor(status: 400 | 502, detail: string, cause?: unknown) {
    super(detail, { cause });
    this.name = 'SignInFailure';
    this.status = status;
    this.detail = detail;
  }
}

/** Why a logout token was refused (answered 400 `invalid_request` with this as the description). */
class LogoutTokenError extends Error {
  constructor(description: string, cause?: unknown) {
    super(description, { cause });
    this.name = 'LogoutTokenError';
  }
}

/** What a valid logout token names: the player (`sub`) and/or their Guildgate session (`sid`). */
export interface LogoutTarget {
  sub: string | undefined;
  sid: string | undefined;
}

/**
 * Validates `logoutToken` as Back-Channel Logout 1.0 §2.6 says, for client `clientId` of `issuer`, with
 * the hub's keys `keys`: a JWT signed RS256 (the client's ID token algorithm) with `typ` `logout+jwt`,
 * `iss` the issuer, `aud` the client, `iat` at most {@link LOGOUT_TOKEN_MAX_AGE} old, a `jti`, the
 * `events` claim holding {@link BACKCHANNEL_LOGOUT_EVENT} as an object, `sub` or `sid` (strings), and no
 * `nonce`. The `jti` is checked against replay by the caller.
 * @returns the token's `jti` and what it names
 * @throws LogoutTokenError saying what failed
 */
async function validateLogoutToken(
  logoutToken: string,
  issuer: string,
  clientId: string,
  keys: JWTVerifyGetKey,
): Promise<LogoutTarget & { jti: string }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(logoutToken, keys, {
      issuer,
      audience: clientId,
      algorithms: ['RS256'],
      typ: 'logout+jwt',
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE,
      requiredClaims: ['iat', 'jti', 'events'],
    }));
  } catch (error) {
    const reason = error instanceof joseErrors.JOSEError ? error.code : 'not a JWT';
    throw new LogoutTokenError(`the logout token does not validate (${reason})`, error);
  }
  const { events, sub, sid, jti, nonce } = payload;
  const event =
    typeof events === 'object' && events !== null
      ? (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT]
      : undefined;
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    throw new LogoutTokenError('the logout token has no back-channel log-out event');
  if (nonce !== undefined) throw new LogoutTokenError('a logout token must not carry a nonce');
  if (sub !== undefined && typeof sub !== 'string') throw new LogoutTokenError('sub is not a string');
  if (sid !== undefined && typeof sid !== 'string') throw new LogoutTokenError('sid is not a string');
  if (sub === undefined && sid === undefined)
    throw new LogoutTokenError('the logout token names no sub or sid');
  if (typeof jti !== 'string') throw new LogoutTokenError('jti is not a string');
  return { jti, sub, sid };
}

/** The value of a claim as a line of text (objects and arrays as JSON). */
function claimText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A table of `claims` (name, value). */
function claimsTable(caption: string, claims: Record<string, unknown>): SafeHtml {
  return html`<table>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col">Claim</th>
        <th scope="col">Value</th>
      </tr>
    </thead>
    <tbody>
      ${Object.entries(claims).map(
        ([name, value]) =>
          html`<tr>
            <td><code>${name}</code></td>
            <td>${claimText(value)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The home page, signed out or signed in. */
function homePage(issuer: string, player: SignedIn | null, notice: string | null): SafeHtml {
  const status = notice ? html`<p role="status">${notice}</p>` : '';
  const name = player ? claimText(player.userinfo.preferred_username ?? player.idTokenClaims.sub) : '';
  const body = player
    ? html`<p><strong>Signed in as ${name}</strong></p>
        <p>
          Access token valid until
          <time datetime="${new Date(player.accessTokenExpiresAt).toISOString()}"
            >${new Date(player.accessTokenExpiresAt).toISOString()}</time
          >; refreshed <span data-testid="refreshes">${player.refreshes}</span> times.
        </p>
        ${claimsTable('Claims of the ID token', player.idTokenClaims)}
        ${claimsTable('Claims from userinfo', player.userinfo)}
        <div class="toolbar">
          <form method="post" action="/oidc-site/refresh">
            <button type="submit" class="secondary">Refresh tokens</button>
          </form>
          <form method="post" action="/oidc-site/sign-out">
            <button type="submit">Sign out</button>
          </form>
        </div>
        <p class="muted">Signing out here also signs you out at Guildgate (RP-initiated log-out).</p>`
    : html`<p>
          A partner site that signs players in with Guildgate as a standard OpenID Provider: it only knows the
          issuer and finds everything else by discovery.
        </p>
        <form method="get" action="/oidc-site/sign-in">
          <button type="submit">Sign in with Guildgate</button>
        </form>`;
  return layout(
    'OpenID Connect site',
    html`<h1>${OIDC_SITE_NAME}</h1>
      ${status} ${body}
      <h2>How it works</h2>
      <p class="muted">
        Client <code>${OIDC_SITE_CLIENT.clientId}</code> of the issuer <code>${issuer}</code>, with the
        <code>openid-client</code> library: discovery, authorization code flow with PKCE, ID token validation,
        userinfo, refresh, RP-initiated and back-channel log-out.
      </p>`,
  );
}

/** The post-log-out page: `confirmed` when Guildgate sent the browser back with the `state` sent. */
function signedOutPage(confirmed: boolean): SafeHtml {
  return layout(
    'OpenID Connect site — signed out',
    html`<h1>You are signed out</h1>
      <p role="status">
        ${
          confirmed ? 'You are signed out of this site and of Guildgate.' : 'You are signed out of this site.'
        }
      </p>
      <p><a href="/oidc-site/">Back to the site</a></p>`,
  );
}

/** The page of a sign-in that did not complete. */
function signInFailedPage(detail: string): SafeHtml {
  return layout(
    'OpenID Connect site — sign-in failed',
    html`<h1>Sign-in failed</h1>
      <p role="alert">${detail}</p>
      <form method="get" action="/oidc-site/sign-in"><button type="submit">Try again</button></form>
      <p><a href="/oidc-site/">Back to the site</a></p>`,
  );
}

/**
 * The OpenID Connect site for the sandbox described by `context`, a client of the hub at `hub.url`
 * (default http://localhost:8080); its sessions live in memory.
 */
export function oidcSiteParty(context: SandboxContext, hub: Partial<OidcHubSettings> = {}): SandboxParty {
  const hubUrl = (hub.url ?? 'http://localhost:8080').replace(/\/+$/, '');
  const issuer = `${hubUrl}/oidc`;
  const sessions = new Map<string, Session>();
  const seenJtis = new Set<string>();
  let discovered: Promise<client.Configuration> | null = null;
  let hubKeys: { uri: string; keys: JWTVerifyGetKey } | null = null;

  /** The hub's signing keys, from the JWKS its discovery names (fetched and cached by `jose`). */
  const keysOf = (config: client.Configuration): JWTVerifyGetKey => {
    const uri = config.serverMetadata().jwks_uri;
    if (uri === undefined) throw new Error('The hub publishes no jwks_uri');
    if (hubKeys?.uri !== uri) hubKeys = { uri, keys: createRemoteJWKSet(new URL(uri)) };
    return hubKeys.keys;
  };

  /** The hub's configuration by discovery, once; a failed discovery is tried again next time. */
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(
        new URL(issuer),
        OIDC_SITE_CLIENT.clientId,
        undefined,
        client.ClientSecretBasic(OIDC_SITE_CLIENT.clientSecret),
        {
          // Plain http only for a hub on this machine; a real partner site talks to an https hub.
          execute: new URL(issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
          timeout: TIMEOUT_SECONDS,
        },
      )
      .then((found) => {
        found.timeout = TIMEOUT_SECONDS;
        return found;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const sessionOf = (request: FastifyRequest): Session | null => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id === undefined ? undefined : sessions.get(id);
    if (!session) return null;
    if (session.expiresAt <= Date.now()) {
      sessions.delete(session.id);
      return null;
    }
    return session;
  };
  const createSession = (reply: FastifyReply): Session => {
    const session: Session = {
      id: randomBytes(32).toString('base64url'),
      expiresAt: Date.now() + SESSION_TTL_MS,
      pending: null,
      player: null,
    };
    sessions.set(session.id, session);
    while (sessions.size > MAX_SESSIONS) {
      const oldest = sessions.keys().next().value;
      if (oldest === undefined) break;
      sessions.delete(oldest);
    }
    void reply.setCookie(SESSION_COOKIE, session.id, {
      path: '/oidc-site/',
      httpOnly: true,
      sameSite: 'lax',
      secure: context.publicUrl().startsWith('https:'),
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
    return session;
  };
  const send = (reply: FastifyReply, page: SafeHtml, status = 200) =>
    sendPage(reply, page, status, {
      formTargets: [new URL(hubUrl).origin],
      images: 'data:',
      frameAncestors: "'none'",
      noStore: true,
    });
  const home = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').redirect('/oidc-site/', 303);

  /** What the tokens of a token response tell the site (claims validated by openid-client). */
  const signedInFrom = async (
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    previous: SignedIn | null,
  ): Promise<SignedIn> => {
    const claims = tokens.claims();
    const idToken = tokens.id_token ?? previous?.idToken;
    if (!claims || idToken === undefined) throw new Error('The hub sent no ID token');
    const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      idToken,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? previous?.refreshToken ?? null,
      accessTokenExpiresAt: Date.now() + (tokens.expiresIn() ?? 0) * 1000,
      idTokenClaims: { ...claims },
      userinfo: { ...userinfo },
      refreshes: previous ? previous.refreshes + 1 : 0,
    };
  };

  return {
    name: 'OpenID Connect site',
    path: '/oidc-site/',
    description: `a partner site that signs players in through the Guildgate hub's OpenID Provider (${issuer}), found by discovery, with openid-client.`,
    plugin: async (app) => {
      await app.register(cookie);

      app.get('/oidc-site', async (_request, reply) => reply.redirect('/oidc-site/', 308));

      app.get('/oidc-site/', async (request, reply) => {
        const session = sessionOf(request);
        return send(reply, homePage(issuer, session?.player ?? null, null));
      });

      app.get('/oidc-site/sign-in', async (request, reply) => {
        let config: client.Configuration;
        try {
          config = await configuration();
        } catch (error) {
          request.log.info({ err: error }, 'sandbox OpenID Connect site: discovery failed');
          return send(reply, signInFailedPage('Guildgate could not be reached.'), 502);
        }
        const session = sessionOf(request) ?? createSession(reply);
        const pending = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          codeVerifier: client.randomPKCECodeVerifier(),
          expiresAt: Date.now() + PENDING_TTL_MS,
        };
        session.pending = pending;
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: `${context.publicUrl()}/oidc-site/callback`,
          scope: OIDC_SITE_SCOPE,
          state: pending.state,
          nonce: pending.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
          code_challenge_method: 'S256',
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      });

      app.get('/oidc-site/callback', async (request, reply) => {
        const session = sessionOf(request);
        const pending = session?.pending ?? null;
        if (session) session.pending = null;
        const mark = request.url.indexOf('?');
        const callbackUrl = new URL(`${context.publicUrl()}/oidc-site/callback`);
        callbackUrl.search = mark === -1 ? '' : request.url.slice(mark);
        try {
          if (!session || !pending || pending.expiresAt <= Date.now()) {
            throw new SignInFailure(400, 'This answer does not belong to a sign-in started in this browser.');
          }
          const config = await configuration().catch((cause: unknown) => {
            throw new SignInFailure(502, 'Guildgate could not be reached.', cause);
          });
          const tokens = await client
            .authorizationCodeGrant(config, callbackUrl, {
              pkceCodeVerifier: pending.codeVerifier,
              expectedState: pending.state,
              expectedNonce: pending.nonce,
              idTokenExpected: true,
            })
            .catch((cause: unknown) => {
              if (cause instanceof client.AuthorizationResponseError) {
                throw new SignInFailure(
                  400,
                  `Guildgate answered ${cause.error}: ${cause.error_description ?? ''}`,
                  cause,
                );
              }
              if (cause instanceof client.ResponseBodyError) {
                throw new SignInFailure(400, `Guildgate refused the code (${cause.error}).`, cause);
              }
              if (cause instanceof client.ClientError) {
                throw new SignInFailure(
                  400,
                  `The answer could not be validated (${cause.code ?? cause.message}).`,
                  cause,
                );
              }
              throw new SignInFailure(502, 'Guildgate could not be reached to finish the sign-in.', cause);
            });
          const player = await signedInFrom(config, tokens, null).catch((cause: unknown) => {
            throw new SignInFailure(502, 'Guildgate did not tell who signed in (userinfo failed).', cause);
          });
          // A new session id once signed in (no fixation of an id set before the sign-in).
          sessions.delete(session.id);
          createSession(reply).player = player;
        } catch (error) {
          if (!(error instanceof SignInFailure)) throw error;
          request.log.info({ err: error.cause }, 'sandbox OpenID Connect site: sign-in failed');
          return send(reply, signInFailedPage(error.detail), error.status);
        }
        return home(reply);
      });

      app.post('/oidc-site/refresh', async (request, reply) => {
        const session = sessionOf(request);
        const player = session?.player;
        if (!session || !player?.refreshToken) return home(reply);
        try {
          const config = await configuration();
          const tokens = await client.refreshTokenGrant(config, player.refreshToken);
          session.player = await signedInFrom(config, tokens, player);
        } catch (error) {
          request.log.info({ err: error }, 'sandbox OpenID Connect site: refresh failed');
          if (!(error instanceof client.ResponseBodyError)) {
            return send(reply, homePage(issuer, player, 'Guildgate could not be reached; try again.'), 502);
          }
          // The hub refused the refresh token (spent, revoked, the player gone): signed out here too.
          session.player = null;
          return send(reply, homePage(issuer, null, 'Your Guildgate sign-in has ended. Sign in again.'));
        }
        return home(reply);
      });

      app.post('/oidc-site/sign-out', async (request, reply) => {
        const session = sessionOf(request);
        const idToken = session?.player?.idToken;
        if (session) sessions.delete(session.id);
        reply.clearCookie(SESSION_COOKIE, { path: '/oidc-site/' });
        if (idToken === undefined) return home(reply);
        let config: client.Configuration;
        try {
          config = await configuration();
        } catch (error) {
          request.log.info({ err: error }, 'sandbox OpenID Connect site: discovery failed');
          const notice = 'Signed out of this site; Guildgate could not be reached to sign you out there.';
          return send(reply, homePage(issuer, null, notice), 502);
        }
        const state = client.randomState();
        void reply.setCookie(LOGOUT_STATE_COOKIE, state, {
          path: '/oidc-site/',
          httpOnly: true,
          sameSite: 'lax',
          secure: context.publicUrl().startsWith('https:'),
          maxAge: Math.floor(PENDING_TTL_MS / 1000),
        });
        const url = client.buildEndSessionUrl(config, {
          id_token_hint: idToken,
          client_id: OIDC_SITE_CLIENT.clientId,
          post_logout_redirect_uri: `${context.publicUrl()}/oidc-site/signed-out`,
          state,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 303);
      });

      app.get<{ Querystring: { state?: string } }>('/oidc-site/signed-out', async (request, reply) => {
        const expected = request.cookies[LOGOUT_STATE_COOKIE];
        reply.clearCookie(LOGOUT_STATE_COOKIE, { path: '/oidc-site/' });
        const confirmed = expected !== undefined && request.query.state === expected;
        return send(reply, signedOutPage(confirmed));
      });

      app.post<{ Body: { logout_token?: unknown } | undefined }>(
        '/oidc-site/backchannel-logout',
        async (request, reply) => {
          void reply.header('cache-control', 'no-store');
          const refuse = (description: string) =>
            reply.code(400).send({ error: 'invalid_request', error_description: description });
          const logoutToken = request.body?.logout_token;
          if (typeof logoutToken !== 'string' || logoutToken === '') return refuse('logout_token is missing');
          let target: LogoutTarget & { jti: string };
          try {
            const config = await configuration();
            target = await validateLogoutToken(
              logoutToken,
              config.serverMetadata().issuer,
              OIDC_SITE_CLIENT.clientId,
              keysOf(config),
            );
          } catch (error) {
            if (!(error instanceof LogoutTokenError)) throw error;
            request.log.info({ err: error.cause }, `sandbox OpenID Connect site: ${error.message}`);
            return refuse(error.message);
          }
          if (seenJtis.has(target.jti)) return refuse('the logout token was already used');
          seenJtis.add(target.jti);
          if (seenJtis.size > MAX_SEEN_JTIS) seenJtis.delete(seenJtis.values().next().value ?? '');
          for (const [id, session] of sessions) {
            const claims = session.player?.idTokenClaims;
            if (!claims) continue;
            if (target.sub !== undefined && claims.sub !== target.sub) continue;
            if (target.sid !== undefined && claims.sid !== target.sid) continue;
            sessions.delete(id);
          }
          return reply.code(200).send();
        },
      );
    },
    close: async () => {},
  };
}
