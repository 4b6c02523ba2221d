/**
 * Twitch and Epic Games links over OAuth 2.0 authorization code + OpenID Connect, with `openid-client`
 * through lib/oidc-client.ts (DESIGN.md §3; spec §4 Linking a provider). Endpoints come from the
 * configured issuer's discovery document, so the sandbox and the real providers plug in by
 * configuration (docs/configuration.md "Linking"). Every authorization request carries `state`, a PKCE
 * S256 challenge (RFC 7636) and an OIDC `nonce`, all kept on the pending link of the player's session
 * (link-states.ts).
 */
import type { LinkProvider } from '@guildgate/contracts';
import type { AppContext } from '../../../context.ts';
import type { OidcLinkProvider } from '../../../config/config.ts';
import { badRequest, serviceUnavailable } from '../../../lib/errors.ts';
import {
  buildAuthorizationRequest,
  discoveredConfiguration,
  newAuthorizationSecrets,
  OidcUnreachableError,
  redeemAuthorizationResponse,
  type OidcClientAuth,
} from '../../../lib/oidc-client.ts';
import type { PendingLink, ProviderAccount } from '../link-states.ts';
import { PROVIDER_CODES } from '../provider-codes.ts';

/** The OpenID Connect providers. */
export type OidcProvider = Extract<LinkProvider, 'twitch' | 'epic-games'>;

/** What differs between the two providers. */
interface ProviderProfile {
  settings: (ctx: AppContext) => OidcLinkProvider;
  scope: string;
  /** Twitch wants the client secret in the body, Epic Games in HTTP Basic. */
  clientAuth: OidcClientAuth;
  /** Twitch returns the profile claims only when asked for them (OIDC `claims` parameter). */
  claims?: string;
}

const PROFILE_CLAIMS = { preferred_username: null, picture: null };

const PROFILES: Record<OidcProvider, ProviderProfile> = {
  twitch: {
    settings: (ctx) => ctx.config.linking.twitch,
    scope: 'openid',
    clientAuth: 'client_secret_post',
    claims: JSON.stringify({ id_token: PROFILE_CLAIMS, userinfo: PROFILE_CLAIMS }),
  },
  'epic-games': {
    settings: (ctx) => ctx.config.linking.epicGames,
    scope: 'openid basic_profile',
    clientAuth: 'client_secret_basic',
  },
};

/**
 * The provider's client configuration (discovered once per app).
 * @throws 503 the provider's "not reachable" code when it is not configured (no client id) or its
 *   discovery fails
 */
async function configurationOf(ctx: AppContext, provider: OidcProvider) {
  try {
    return await discoveredConfiguration(
      ctx,
      `link:${provider}`,
      PROFILES[provider].settings(ctx),
      PROFILES[provider].clientAuth,
      ctx.config.linking.timeoutMs,
    );
  } catch {
    throw serviceUnavailable(PROVIDER_CODES[provider].notReachable);
  }
}

/** PKCE verifier and OIDC nonce of a new link. */
export function newLinkSecrets(): { codeVerifier: string; nonce: string } {
  return newAuthorizationSecrets();
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
  return buildAuthorizationRequest(
    configuration,
    { ...link, scope: profile.scope },
    profile.claims ? { claims: profile.claims } : {},
  );
}

/** An http(s) URL of at most 2048 characters, or null. */
function httpUrlOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 2048 && /^https?:\/\//i.test(value) ? value : null;
}

/** A display name of at most 256 characters, or null. */
function nameOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 256) : null;
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
  try {
    const claims = await redeemAuthorizationResponse(configuration, link, response);
    return {
      accountId: claims.sub,
      connectName: nameOrNull(claims.preferred_username),
      avatar: httpUrlOrNull(claims.picture),
    };
  } catch (error) {
    ctx.log.warn({ err: error, provider }, 'OpenID Connect code redemption failed');
    if (error instanceof OidcUnreachableError)
      throw serviceUnavailable(PROVIDER_CODES[provider].notReachable);
    throw badRequest('ERROR_LINK_AUTHORIZATION_INVALID');
  }
}
