/**
 * Twitch and Epic Games links over OAuth 2.0 authorization code + OpenID Connect, with `openid-client`
 * (DESIGN.md §3; spec §4 Linking a provider). Endpoints come from the configured issuer's discovery
 * document, so the sandbox and the real providers plug in by configuration (docs/configuration.md
 * "Linking"). Every authorization request carries `state`, a PKCE S256 challenge (RFC 7636) and an OIDC
 * `nonce`, all kept on the pending link of the player's session (link-states.ts).
 */
import * as client from 'openid-client';
import type { LinkProvider } from '@guildgate/contracts';
import type { AppContext } from '../../../context.ts';
import type { OidcLinkProvider } from '../../../config/config.ts';
import { badRequest, serviceUnavailable } from '../../../lib/errors.ts';
import type { PendingLink, ProviderAccount } from '../link-states.ts';
import { PROVIDER_CODES } from '../provider-codes.ts';

/** The OpenID Connect providers. */
export type OidcProvider = Extract<LinkProvider, 'twitch' | 'epic-games'>;

/** What differs between the two providers. */
interface ProviderProfile {
  settings: (ctx: AppContext) => OidcLinkProvider;
  scope: string;
  /** Twitch wants the client secret in the body, Epic Games in HTTP Basic. */
  clientAuth: (secret: string) => client.ClientAuth;
  /** Twitch returns the profile claims only when asked for them (OIDC `claims` parameter). */
  claims?: string;
}

const PROFILE_CLAIMS = { preferred_username: null, picture: null };

const PROFILES: Record<OidcProvider, ProviderProfile> = {
  twitch: {
    settings: (ctx) => ctx.config.linking.twitch,
    scope: 'openid',
    clientAuth: client.ClientSecretPost,
    claims: JSON.stringify({ id_token: PROFILE_CLAIMS, userinfo: PROFILE_CLAIMS }),
  },
  'epic-games': {
    settings: (ctx) => ctx.config.linking.epicGames,
    scope: 'openid basic_profile',
    clientAuth: client.ClientSecretBasic,
  },
};

/** Discovered configurations per app and provider; a failed discovery is retried on the next call. */
const configurations = new WeakMap<AppContext, Map<OidcProvider, Promise<client.Configuration>>>();

/**
 * The provider's client configuration (discovered once per app).
 * @throws 503 the provider's "not reachable" code when it is not configured (no client id) or its
 *   discovery fails
 */
async function configurationOf(ctx: AppContext, provider: OidcProvider): Promise<client.Configuration> {
  const notReachable = () => serviceUnavailable(PROVIDER_CODES[provider].notReachable);
  const settings = PROFILES[provider].settings(ctx);
  if (!settings.clientId) throw notReachable();
  let perApp = configurations.get(ctx);
  if (!perApp) configurations.set(ctx, (perApp = new Map()));
  let pending = perApp.get(provider);
  if (!pending) {
    const issuer = new URL(settings.issuer);
    // Plain http only outside production (the sandbox); production providers are https.
    const insecure = issuer.protocol === 'http:' && !ctx.config.isProd;
    pending = client.discovery(
      issuer,
      settings.clientId,
      undefined,
      PROFILES[provider].clientAuth(settings.clientSecret),
      {
        timeout: Math.ceil(ctx.config.linking.timeoutMs / 1000),
        execute: insecure ? [client.allowInsecureRequests] : [],
      },
    );
    perApp.set(provider, pending);
  }
  try {
    const configuration = await pending;
    configuration.timeout = Math.ceil(ctx.config.linking.timeoutMs / 1000);
    return configuration;
  } catch (error) {
    perApp.delete(provider);
    ctx.log.warn({ err: error, provider }, 'OpenID Connect discovery failed');
    throw notReachable();
  }
}

/** PKCE verifier and OIDC nonce of a new link. */
export function newLinkSecrets(): { codeVerifier: string; nonce: string } {
  return { codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
}

/**
 * The provider's authorization URL for a pending link.
 * @throws 503 the provider's "not reachable" code (see configurationOf)
 */
export async function authorizationUrl(
  ctx: AppContext,
  provider: OidcProvider,
  link: { state: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<string> {
  const configuration = await configurationOf(ctx, provider);
  const profile = PROFILES[provider];
  const parameters: Record<string, string> = {
    redirect_uri: link.redirectUri,
    scope: profile.scope,
    state: link.state,
    nonce: link.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(link.codeVerifier),
    code_challenge_method: 'S256',
  };
  if (profile.claims) parameters.claims = profile.claims;
  return client.buildAuthorizationUrl(configuration, parameters).href;
}

/** An http(s) URL of at most 2048 characters, or null. */
function httpUrlOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 2048 && /^https?:\/\//i.test(value) ? value : null;
}

/** A display name of at most 256 characters, or null. */
function nameOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 256) : null;
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
 * Redeems the authorization response of `link` (code + state, and `iss` when the provider sends it,
 * RFC 9207): exchanges the code with the PKCE verifier, validates the ID token (nonce, issuer,
 * audience), and reads the account's profile from the UserInfo endpoint.
 * @param response the authorization response parameters (code, state, optional iss)
 * @returns the account (OIDC `sub`, `preferred_username`, `picture`)
 * @throws 400 ERROR_LINK_AUTHORIZATION_INVALID when the provider refuses the code or a check fails;
 *   503 the provider's "not reachable" code when it does not answer
 */
export async function redeemAuthorization(
  ctx: AppContext,
  link: PendingLink,
  response: URLSearchParams,
): Promise<ProviderAccount> {
  const provider = link.provider as OidcProvider;
  const configuration = await configurationOf(ctx, provider);
  const currentUrl = new URL(link.redirectUri);
  for (const [key, value] of response) currentUrl.searchParams.set(key, value);
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported && !currentUrl.searchParams.has('iss')) {
    // The SPA relays code and state only; this link's provider is known from its state.
    currentUrl.searchParams.set('iss', metadata.issuer);
  }
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: link.codeVerifier ?? undefined,
      expectedState: response.get('state') ?? undefined,
      expectedNonce: link.nonce ?? undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('No ID token');
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return {
      accountId: claims.sub,
      connectName: nameOrNull(info.preferred_username ?? claims.preferred_username),
      avatar: httpUrlOrNull(info.picture ?? claims.picture),
    };
  } catch (error) {
    ctx.log.warn({ err: error, provider }, 'OpenID Connect code redemption failed');
    if (isUnreachable(error)) throw serviceUnavailable(PROVIDER_CODES[provider].notReachable);
    throw badRequest('ERROR_LINK_AUTHORIZATION_INVALID');
  }
}
