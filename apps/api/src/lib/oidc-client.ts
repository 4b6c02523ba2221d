/**
 * The API as an OpenID Connect relying party, with `openid-client` (DESIGN.md §3): discovery of a
 * provider's configuration (cached per app, retried after a failure), the authorization request with
 * `state`, an OIDC `nonce` and a PKCE S256 challenge (RFC 7636), and the redemption of the
 * authorization response (code exchange with the verifier; ID token issuer, audience, nonce and
 * signature checked by the library; claims from UserInfo). Used by the provider links (spec §4 Linking
 * a provider: Twitch, Epic Games) and the partner studios' sign-on (spec §1, §7 partner calls).
 */
import * as client from 'openid-client';
import type { AppContext } from '../context.ts';

/** A provider as configured: issuer (endpoints by discovery) and our client credentials there. */
export interface OidcProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How the client authenticates at the token endpoint (RFC 6749 §2.3.1). */
export type OidcClientAuth = 'client_secret_basic' | 'client_secret_post';

/** The provider answered nothing usable (network error, timeout, 5xx): a 503 for the caller. */
export class OidcUnreachableError extends Error {
  constructor(cause: unknown) {
    super('OpenID Connect provider not reachable', { cause });
    this.name = 'OidcUnreachableError';
  }
}

/** The provider refused or a check failed (bad code, state, nonce, ID token): a 400 for the caller. */
export class OidcRefusedError extends Error {
  constructor(cause: unknown) {
    super('OpenID Connect authorization refused', { cause });
    this.name = 'OidcRefusedError';
  }
}

/** Discovered configurations per app and cache key. */
const configurations = new WeakMap<AppContext, Map<string, Promise<client.Configuration>>>();

/**
 * The provider's client configuration, discovered once per app under `cacheKey` (a failed discovery
 * is forgotten, so the next call retries).
 * @param timeoutMs bound of each call to the provider, ms
 * @throws OidcUnreachableError when the settings lack an issuer or a client id, or discovery fails
 */
export async function discoveredConfiguration(
  ctx: AppContext,
  cacheKey: string,
  settings: OidcProviderSettings,
  clientAuth: OidcClientAuth,
  timeoutMs: number,
): Promise<client.Configuration> {
  if (!settings.issuer || !settings.clientId) throw new OidcUnreachableError('not configured');
  let perApp = configurations.get(ctx);
  if (!perApp) configurations.set(ctx, (perApp = new Map<string, Promise<client.Configuration>>()));
  let pending = perApp.get(cacheKey);
  const timeout = Math.ceil(timeoutMs / 1000);
  if (!pending) {
    const issuer = new URL(settings.issuer);
    // Plain http only outside production (the sandbox); production providers are https.
    const insecure = issuer.protocol === 'http:' && !ctx.config.isProd;
    const auth =
      clientAuth === 'client_secret_post'
        ? client.ClientSecretPost(settings.clientSecret)
        : client.ClientSecretBasic(settings.clientSecret);
    pending = client.discovery(issuer, settings.clientId, undefined, auth, {
      timeout,
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    perApp.set(cacheKey, pending);
  }
  try {
    const configuration = await pending;
    configuration.timeout = timeout;
    return configuration;
  } catch (error) {
    perApp.delete(cacheKey);
    ctx.log.warn({ err: error, provider: cacheKey }, 'OpenID Connect discovery failed');
    throw new OidcUnreachableError(error);
  }
}

/** PKCE verifier and OIDC nonce of a new authorization request. */
export function newAuthorizationSecrets(): { codeVerifier: string; nonce: string } {
  return { codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
}

/**
 * The authorization URL (authorization code flow, PKCE S256).
 * @param extra further parameters (e.g. `claims`, `login_hint`)
 */
export async function buildAuthorizationRequest(
  configuration: client.Configuration,
  request: { redirectUri: string; scope: string; state: string; codeVerifier: string; nonce: string },
  extra: Record<string, string> = {},
): Promise<string> {
  return client.buildAuthorizationUrl(configuration, {
    redirect_uri: request.redirectUri,
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
    ...extra,
  }).href;
}

/** Does this failure mean the provider did not answer (rather than refused)? */
function isUnreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError) return error.status >= 500;
  const e = error as { name?: string; cause?: unknown } | null;
  if (e?.name === 'TypeError' || e?.name === 'AbortError' || e?.name === 'TimeoutError') return true;
  const status = (e?.cause as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 500;
}

/**
 * Redeems an authorization response (code + state, and `iss` when the provider sends it, RFC 9207)
 * for a request made with `request`: exchanges the code with the PKCE verifier, validates the ID
 * token (issuer, audience, nonce, signature), then reads the UserInfo endpoint.
 * @param response the authorization response parameters as relayed by the browser
 * @returns the ID token claims merged under the UserInfo claims (`sub` always the ID token's)
 * @throws OidcUnreachableError when the provider does not answer; OidcRefusedError when it refuses
 *   the code or a check fails
 */
export async function redeemAuthorizationResponse(
  configuration: client.Configuration,
  request: { redirectUri: string; codeVerifier: string | null; nonce: string | null },
  response: URLSearchParams,
): Promise<Record<string, unknown> & { sub: string }> {
  const currentUrl = new URL(request.redirectUri);
  for (const [key, value] of response) currentUrl.searchParams.set(key, value);
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported && !currentUrl.searchParams.has('iss')) {
    // The SPA relays code and state only; the provider is known from the stored request.
    currentUrl.searchParams.set('iss', metadata.issuer);
  }
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: request.codeVerifier ?? undefined,
      expectedState: response.get('state') ?? undefined,
      expectedNonce: request.nonce ?? undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token');
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return { ...claims, ...info, sub: claims.sub };
  } catch (error) {
    throw isUnreachable(error) ? new OidcUnreachableError(error) : new OidcRefusedError(error);
  }
}
