/**
 * The hub's OpenID Provider (issue 21; OpenID Connect Core 1.0, RFC 6749, RFC 7636, RFC 9700): an
 * `oidc-provider` 9 instance configured the way logto's `packages/core/src/oidc/init.ts` wraps it, on our
 * store and keys.
 *
 * - Issuer `${PUBLIC_URL}/oidc` (issuer.ts `issuerOf`); endpoints under it (routes.ts mounts it there).
 * - Authorization code flow only (`response_type=code`), PKCE with S256 required of every client
 *   (RFC 9700 §2.1.1; oidc-provider 9 knows no other method); ID tokens signed RS256 by default (OIDC Core
 *   §15.1), EdDSA on request (`id_token_signed_response_alg`), with the keys of our key store
 *   (keys.ts); no symmetric (HS*) algorithm, since a client's `client_secret` here is only its hash.
 * - Refresh tokens for every client allowed the `refresh_token` grant, rotated at each use (RFC 9700
 *   §4.14.2: a used one is consumed, and presenting it again revokes the grant).
 * - Introspection (RFC 7662) and revocation (RFC 7009) of a client's own tokens only: a token issued to
 *   another client is `{ active: false }` / left alone (the audience rule of docs/security.md).
 * - Userinfo (OIDC Core §5.3), RP-initiated log-out (OpenID Connect RP-Initiated Logout 1.0) and
 *   back-channel log-out (OpenID Connect Back-Channel Logout 1.0); no dev interactions: the interaction
 *   is ours (interaction.ts), the portal's own log-in pages.
 * - The provider's session lasts only as long as the portal session of the same player
 *   ({@link interactionPolicyOf}).
 * - Clients from `oauth_clients` (clients.ts); players by public id with our claims (claims.ts); objects
 *   in `oidc_payloads` (adapter.ts).
 * - Cookies signed with OIDC_COOKIE_KEYS (Keygrip: the first signs, all verify).
 * - Lifetimes: access tokens as the portal's (ACCESS_TOKEN_TTL, 15 min), codes OAUTH_CODE_TTL_SECONDS (at
 *   most 10 min, RFC 6749 §4.1.2), ID tokens 1 h, interactions 1 h, sessions, grants and refresh tokens
 *   the portal session's 30 days (spec §9).
 */
import Provider, {
  interactionPolicy,
  type Adapter,
  type Configuration,
  type JWK,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { LIMITS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { DAY_MS } from '../../lib/time.ts';
import { portalPlayerOfIdentity } from '../session/index.ts';
import { KyselyAdapter } from './adapter.ts';
import { findAccount, SCOPE_CLAIMS } from './claims.ts';
import { ClientAdapter } from './clients.ts';
import { interactionPath, issuerOf, SPEC_CALL_PARAMETER } from './issuer.ts';

/**
 * Koa middleware of the provider: for an authorization request of the spec's calls
 * (issuer.ts `SPEC_CALL_PARAMETER`), takes `iss` out of the redirect's query.
 */
async function withoutIssuerForSpecCalls(koa: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  const location = koa.response.get('location');
  if (!location || !URL.canParse(location)) return;
  let specCall = false;
  try {
    specCall = typeof koa.oidc.params?.[SPEC_CALL_PARAMETER] === 'string';
  } catch {
    specCall = false;
  }
  const target = new URL(location);
  if (!specCall || !target.searchParams.has('iss')) return;
  target.searchParams.delete('iss');
  koa.set('location', target.href);
}

/** Longest lifetime of an authorization code, seconds (RFC 6749 §4.1.2). */
const MAX_CODE_TTL_SECONDS = 600;

/** The asymmetric algorithms the provider signs with (the keys of keys.ts). */
const SIGNING_ALGS = ['RS256', 'EdDSA'] as const;

/** A plain page for the errors shown in the browser (an authorization request that cannot continue). */
function errorPage(error: string, description: string | undefined): string {
  const escape = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
    );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error - Guildgate</title></head><body><main><h1>Sign-in error</h1><p role="alert"><strong>${escape(error)}</strong>: ${escape(description ?? '')}</p><p>Go back to the site that sent you here and start again.</p></main></body></html>`;
}

/**
 * A plain page (with its own CSP: no script, no style) as the answer of `ctx`. Its forms post to the
 * provider; `redirectOrigin`, when given, is where the provider's answer to them may redirect (browsers
 * apply `form-action` to a form's redirects too).
 */
function sendPage(ctx: KoaContextWithOIDC, page: string, redirectOrigin?: string): void {
  ctx.type = 'html';
  const formAction = redirectOrigin ? `'self' ${redirectOrigin}` : "'self'";
  ctx.set('content-security-policy', `default-src 'none'; form-action ${formAction}; frame-ancestors 'none'`);
  ctx.body = page;
}

/**
 * The origin of the validated `post_logout_redirect_uri` of an RP-initiated log-out (oidc-provider has
 * checked it against the client's registered ones before the confirmation page), if any: the confirmation
 * form's answer redirects there.
 */
function postLogoutOrigin(koa: KoaContextWithOIDC): string | undefined {
  const uri = koa.oidc.params?.post_logout_redirect_uri;
  return typeof uri === 'string' && URL.canParse(uri) ? new URL(uri).origin : undefined;
}

/**
 * Whether a browser at `origin` may call the provider's client-based CORS endpoints (token, userinfo,
 * introspection, revocation…; oidc-provider `clientBasedCORS`) for a client: only from the origin of one
 * of the client's registered redirect URIs (the page that received the code is the page that redeems it),
 * never from an opaque origin (`null`). Discovery and the JWKS are open to every origin regardless.
 */
function corsAllowed(origin: string, redirectUris: readonly string[]): boolean {
  if (origin === 'null') return false;
  return redirectUris.some((uri) => URL.canParse(uri) && new URL(uri).origin === origin);
}

/**
 * The interaction policy: oidc-provider's own (OIDC Core §3.1.2.1 prompts) with one more log-in check,
 * `portal_session` — the provider's session stands only while the browser holds an active portal session
 * of the same player (the identity cookie, spec §4 Session). A player who logged out at the portal, or
 * another player who logged in there, goes through the interaction again (with `prompt=none`:
 * `login_required`), instead of being signed in to a partner site by a provider session left behind.
 */
function interactionPolicyOf(ctx: AppContext): interactionPolicy.DefaultPolicy {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(
      'portal_session',
      'the portal session has ended or is another player’s',
      'login_required',
      async (koa) => {
        const raw = koa.cookies.get(LIMITS.identityCookieName, { signed: false });
        let identity: string | undefined;
        try {
          identity = raw ? decodeURIComponent(raw) : undefined;
        } catch {
          identity = undefined;
        }
        const player = identity ? await portalPlayerOfIdentity(ctx, identity) : null;
        const accountId = koa.oidc.session?.accountId;
        return player === null || player.idUser !== accountId
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
  );
  return policy;
}

/**
 * Builds the provider.
 * @param signingKeys private JWKs (with `kid`, `alg`, `use`), the first of each algorithm signs (keys.ts)
 * @throws Error when the configuration is invalid (an issuer that is not a URL, no cookie key)
 */
export function buildProvider(ctx: AppContext, signingKeys: JWK[]): Provider {
  const { config } = ctx;
  const clients = new ClientAdapter(ctx);
  const adapter = (model: string): Adapter =>
    model === 'Client' ? clients : new KyselyAdapter(ctx.db, model);
  const longLived = (config.sessionTtlDays * DAY_MS) / 1000;
  const configuration: Configuration = {
    adapter,
    clients: [],
    jwks: { keys: signingKeys },
    cookies: {
      keys: config.oidcCookieKeys,
      names: {
        session: '_g2g_oidc_session',
        interaction: '_g2g_oidc_interaction',
        resume: '_g2g_oidc_interaction_resume',
      },
      long: { httpOnly: true, sameSite: 'lax', signed: true, overwrite: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true, overwrite: true },
    },
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, names]) => [scope, [...names]])),
    scopes: Object.keys(SCOPE_CLAIMS),
    responseTypes: ['code'],
    extraParams: [SPEC_CALL_PARAMETER],
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: 'RS256',
      token_endpoint_auth_method: 'client_secret_basic',
    },
    enabledJWA: {
      idTokenSigningAlgValues: SIGNING_ALGS,
      userinfoSigningAlgValues: SIGNING_ALGS,
      introspectionSigningAlgValues: SIGNING_ALGS,
      authorizationSigningAlgValues: SIGNING_ALGS,
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (koa, form) =>
          sendPage(
            koa,
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign out - Guildgate</title></head><body><main><h1>Sign out of Guildgate?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button> <button type="submit" form="op.logoutForm">No, stay signed in</button></main></body></html>`,
            postLogoutOrigin(koa),
          ),
        postLogoutSuccessSource: (koa) =>
          sendPage(
            koa,
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out - Guildgate</title></head><body><main><h1>You are signed out</h1></main></body></html>',
          ),
      },
    },
    clientBasedCORS: (_koa, origin, client) => corsAllowed(origin, client.redirectUris ?? []),
    // Outgoing requests (back-channel log-out): oidc-provider refuses loopback, private and other
    // special-use addresses (SSRF). Outside production mode the hub's partners run on this machine (the
    // sandbox, tests), so its guard is left out there.
    ...(config.productionMode
      ? {}
      : {
          fetch: (url: string | URL | Request, init?: RequestInit & { dispatcher?: unknown }) => {
            // Without the provider's guarding dispatcher (undici's, which Node's fetch accepts).
            const { dispatcher: _guard, ...unguarded } = init ?? {};
            return globalThis.fetch(url, unguarded);
          },
        }),
    issueRefreshToken: (_koa, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: Math.min(config.oauthCodeTtlSeconds, MAX_CODE_TTL_SECONDS),
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: longLived,
      Session: longLived,
      Grant: longLived,
    },
    interactions: {
      policy: interactionPolicyOf(ctx),
      url: (_koa, interaction) => interactionPath(interaction.uid),
    },
    findAccount: (_koa, sub) => findAccount(ctx, sub),
    renderError: (koa, out) => sendPage(koa, errorPage(out.error, out.error_description)),
  };
  const provider = new Provider(issuerOf(ctx), configuration);
  // routes.ts sets X-Forwarded-Proto/Host from Fastify's own reading, which follows TRUST_PROXY.
  provider.proxy = true;
  provider.use(withoutIssuerForSpecCalls);
  // `oauth_clients` keeps the SHA-256 of a secret (RFC 6819 §5.1.4.1.3), given to the provider as the
  // client's `client_secret` (clients.ts): the presented secret is hashed before the constant-time
  // comparison — the client prototype hook oidc-provider exposes for hashed secrets (its issue #631).
  provider.Client.prototype.compareClientSecret = function compareHashedSecret(actual: string) {
    return typeof this.clientSecret === 'string' && safeEqual(sha256(actual), this.clientSecret);
  };
  return provider;
}
