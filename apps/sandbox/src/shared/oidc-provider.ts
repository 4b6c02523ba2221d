/**
 * Builds the `oidc-provider` instance behind a sandbox identity provider (DESIGN.md §1 "Twitch and Epic
 * Games (OAuth 2.0 / OIDC authorize, token, user-info)", §3 "OIDC provider: `oidc-provider`"); used by
 * `oidc-party.ts`, which mounts it under the party's path.
 *
 * What the provider does: the authorization-code flow only (`response_type=code`), confidential clients
 * authenticating at the token endpoint with `client_secret_basic` or `client_secret_post`, PKCE (S256)
 * allowed but not required (verified whenever a `code_challenge` was sent), the `claims` request
 * parameter, opaque access tokens (1 hour), single-use codes (10 minutes), RS256 ID tokens (1 hour) that
 * carry the same claims as the userinfo endpoint, no refresh tokens and no dynamic registration.
 *
 * Redirect URIs: every client is registered as an RFC 8252 "native" client (`application_type: native`)
 * with the port-less URIs `http://localhost<path>` and `http://127.0.0.1<path>` for each allowed path.
 * oidc-provider then accepts a `redirect_uri` exactly equal to one of them except for its port (RFC 8252
 * §7.3, loopback interface redirection: "any port"), and nothing else: another host, scheme, path, query,
 * or user-info is refused before anything is shown. The token endpoint still requires the exact
 * `redirect_uri` (port included) of the authorization request. A side effect of "native" is that every
 * authorization shows the approve page or the party's sign-in page (oidc-provider always prompts native
 * clients), which is what a sandbox wants.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type ClientMetadata, type Configuration, type JWK } from 'oidc-provider';
import { html } from './html.ts';
import { layout } from './layout.ts';

/** Loopback host names a client's redirect URI may use (any port, plain http). */
export const LOOPBACK_REDIRECT_HOSTS = ['localhost', '127.0.0.1'] as const;

/** One client of a sandbox provider: fixed credentials, like the reCAPTCHA keys. */
export interface OidcPartyClient {
  /** `client_id`, e.g. "guildgate-local-twitch". */
  readonly clientId: string;
  /** `client_secret`, e.g. "guildgate-local-twitch-secret". */
  readonly clientSecret: string;
  /** Name shown on the approve page, e.g. "Guildgate (local)". */
  readonly name: string;
}

/** What `buildOidcProvider` needs to know. */
export interface OidcProviderSettings {
  /** Issuer URL, e.g. "http://localhost:8090/twitch" (no trailing slash). */
  readonly issuer: string;
  /** Path prefix the provider is mounted under, e.g. "/twitch" (used for cookie names and the pages). */
  readonly prefix: string;
  readonly clients: readonly OidcPartyClient[];
  /** Paths a redirect URI may have on a loopback host, e.g. ["/twitch/callback"]. */
  readonly redirectPaths: readonly string[];
  /** OIDC scope → the claims it releases (must include `openid`), e.g. `{ openid: ['sub', ...] }`. */
  readonly scopes: Readonly<Record<string, readonly string[]>>;
  /** All claims of an account (`sub` included), or undefined when the account is unknown. */
  readonly claimsOf: (accountId: string) => Record<string, unknown> | undefined;
}

/** Lifetimes, in seconds. */
const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 10 * 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
} as const;

/**
 * The registered redirect URIs of every client: `http://<loopback host><path>` for each host of
 * {@link LOOPBACK_REDIRECT_HOSTS} and each path (ports are matched by oidc-provider's native-client rule).
 */
export function loopbackRedirectUris(paths: readonly string[]): string[] {
  return LOOPBACK_REDIRECT_HOSTS.flatMap((host) => paths.map((path) => `http://${host}${path}`));
}

/** A fresh RS256 signing key (2048-bit RSA private JWK with `kid`, `alg` and `use`). */
function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

/** Cookie-name-safe form of a prefix: "/epic-games" → "epic_games". */
function slug(prefix: string): string {
  return prefix.replace(/^\/+/, '').replace(/[^A-Za-z0-9]+/g, '_') || 'oidc';
}

/**
 * Creates the provider (in-memory storage, a new signing key and cookie key each time). Interactions
 * are sent to `${prefix}/interaction/<uid>` (pages of `oidc-party.ts`); error pages use the sandbox
 * layout. Throws when the settings are invalid (e.g. an issuer that is not a URL).
 */
export function buildOidcProvider(settings: OidcProviderSettings): Provider {
  const clients: ClientMetadata[] = settings.clients.map((client) => ({
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.name,
    application_type: 'native',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    redirect_uris: loopbackRedirectUris(settings.redirectPaths),
  }));
  const name = slug(settings.prefix);
  const claims = Object.fromEntries(
    Object.entries(settings.scopes).map(([scope, names]) => [scope, [...names]]),
  );
  const configuration: Configuration = {
    clients,
    jwks: { keys: [signingKey()] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: {
        session: `_${name}_session`,
        interaction: `_${name}_interaction`,
        resume: `_${name}_interaction_resume`,
      },
    },
    claims,
    scopes: Object.keys(settings.scopes),
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      claimsParameter: { enabled: true },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
    },
    pkce: { required: () => false },
    responseTypes: ['code'],
    clientDefaults: { id_token_signed_response_alg: 'RS256' },
    // The sandbox has no sessions to end: tokens must outlive the (per-browser) provider session.
    expiresWithSession: () => false,
    issueRefreshToken: () => false,
    ttl: { ...TTL },
    interactions: { url: (_ctx, interaction) => `${settings.prefix}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const all = settings.claimsOf(sub);
      if (all === undefined) return undefined;
      return { accountId: sub, claims: () => ({ ...all, sub }) };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      ctx.body = layout(
        'Sign-in error',
        html`<h1>Sign-in error</h1>
          <p role="alert"><strong>${out.error}</strong>: ${out.error_description ?? ''}</p>
          <p>Start again from the site that sent you here.</p>`,
      ).value;
    },
  };
  return new Provider(settings.issuer, configuration);
}

/**
 * Claim names asked for in a `claims` request parameter (JSON text or object), members `userinfo` and
 * `id_token` together; [] when absent or not valid JSON.
 */
export function requestedClaims(claims: unknown): string[] {
  let parsed: unknown = claims;
  if (typeof claims === 'string') {
    try {
      parsed = JSON.parse(claims);
    } catch {
      return [];
    }
  }
  if (parsed === null || typeof parsed !== 'object') return [];
  const { userinfo, id_token: idToken } = parsed as Record<string, unknown>;
  const names = (member: unknown) => (member && typeof member === 'object' ? Object.keys(member) : []);
  return [...new Set([...names(userinfo), ...names(idToken)])];
}

/** An interaction (pending sign-in request) of a provider, as `interactionOf` returns it. */
export type OidcInteraction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The interaction of the browser's interaction cookie, which must be the one named `uid` (the page's
 * path); throws oidc-provider's `SessionNotFound` (HTTP 400) otherwise or when it has expired.
 */
export async function interactionOf(
  oidc: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<OidcInteraction> {
  const details = await oidc.interactionDetails(req, res);
  if (details.uid !== uid) {
    throw new errors.SessionNotFound('this page belongs to another sign-in request');
  }
  return details;
}

/**
 * Ends `interaction`: with `access_denied` when `accountId` is undefined (Cancel), else by signing the
 * account in with implicit consent to the requested scopes that are among `scopes` and to the claims of a
 * `claims` request parameter. A provider session of another account in this browser is forgotten first
 * (switching accounts without a log-out prompt). Returns the URL the browser must be sent to next.
 */
export async function endInteraction(
  oidc: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: OidcInteraction,
  accountId: string | undefined,
  scopes: readonly string[],
): Promise<string> {
  const options = { mergeWithLastSubmission: false };
  if (accountId === undefined) {
    const result = { error: 'access_denied', error_description: 'The user cancelled the sign-in' };
    return oidc.interactionResult(req, res, result, options);
  }
  if (interaction.session && interaction.session.accountId !== accountId) {
    await (await oidc.Session.findByUid(interaction.session.uid))?.destroy();
    delete interaction.session;
    await interaction.persist();
  }
  const grant = new oidc.Grant({ accountId, clientId: String(interaction.params.client_id) });
  const scope = interaction.params.scope;
  const requested = new Set((typeof scope === 'string' ? scope : '').split(' '));
  grant.addOIDCScope(scopes.filter((scope) => requested.has(scope)));
  grant.addOIDCClaims(requestedClaims(interaction.params.claims));
  const result = { login: { accountId }, consent: { grantId: await grant.save() } };
  return oidc.interactionResult(req, res, result, options);
}
