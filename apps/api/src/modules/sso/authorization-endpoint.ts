/**
 * GET oauth, the spec's authorization call (spec §1 Single sign-on: "a login can end in a redirect back
 * to an allowed partner site"; §7 GET oauth → RedirectUri; RFC 6749 §4.1.1), as a thin adapter over the
 * hub's OpenID Provider (modules/oidc; issue 21 §2).
 *
 * It keeps the call's own answers: the client (registered in `oauth_clients`, not the portal itself) and
 * the redirect URI (exactly one of the client's registered URIs, and on the redirect allow-list) are
 * checked here, and problems with those answer 400 and never redirect (RFC 6749 §4.1.2.1); a visitor is
 * sent to log in first and comes back to /oauth; a request without `state` goes back to the client with
 * `invalid_request` (the hub's rule since its first partner, kept for them). Everything else is the
 * provider's: the SPA's /oauth page sends the browser on to the provider's authorization endpoint with
 * the page's query as it came (the scope defaulting to {@link PARTNER_SCOPE}, the partners' scope before
 * the provider, and {@link SPEC_CALL_PARAMETER}: no `iss` in the answer), where PKCE S256 is required (RFC 9700 §2.1.1), the code issued (single use, at most
 * 10 min) and every other error answered to the client — with the portal's session (the identity
 * cookie) as the player who signs in (oidc/interaction.ts).
 */
import type { OAuthQuery } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { registeredClient } from '../oauth-clients/index.ts';
import { authorizationEndpointOf, SPEC_CALL_PARAMETER } from '../oidc/index.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { PARTNER_SCOPE, type AuthInfo } from '../session/index.ts';

/**
 * GET oauth: where the browser goes next.
 * @param auth the caller's session, or null/undefined for the anonymous bearer (a banned player's or a
 *   revoked token never gets here: the bearer check answers 401 ERROR_TOKEN_INVALID)
 * @param rawQuery the page's query string as received (forwarded to the provider; the way back after a
 *   log-in)
 * @returns RedirectUri: the provider's authorization endpoint with the request, the portal's
 *   `/login?redirectUrl=<"/oauth?" + rawQuery>` for a visitor, or the client's redirect URI with
 *   `error=invalid_request` and `state` absent
 * @throws 400 ERROR_OAUTH_CLIENT_UNKNOWN (client_id), ERROR_OAUTH_REDIRECT_URI_INVALID (redirect_uri)
 */
export async function handleAuthorizationRequest(
  ctx: AppContext,
  query: OAuthQuery,
  auth: AuthInfo | null | undefined,
  rawQuery: string,
): Promise<string> {
  const clientId = query.client_id ?? '';
  const client =
    clientId && clientId !== ctx.config.portalClientId ? await registeredClient(ctx.db, clientId) : undefined;
  if (!client) throw badRequest('ERROR_OAUTH_CLIENT_UNKNOWN', 'client_id');
  const redirectUri = query.redirect_uri ?? '';
  const isRegistered = redirectUri !== '' && client.redirectUris.includes(redirectUri);
  if (!isRegistered || !(await allowedRedirectOrNull(ctx, redirectUri))) {
    throw badRequest('ERROR_OAUTH_REDIRECT_URI_INVALID', 'redirect_uri');
  }
  if (!auth) return `/login?redirectUrl=${encodeURIComponent(`/oauth?${rawQuery}`)}`;
  if (!query.state) {
    const refusal = new URL(redirectUri);
    refusal.searchParams.set('error', 'invalid_request');
    refusal.searchParams.set('error_description', 'state required');
    return refusal.href;
  }
  const parameters = new URLSearchParams(rawQuery);
  if (!parameters.get('scope')) parameters.set('scope', PARTNER_SCOPE);
  parameters.set(SPEC_CALL_PARAMETER, 'oauth');
  return `${authorizationEndpointOf(ctx)}?${parameters}`;
}
