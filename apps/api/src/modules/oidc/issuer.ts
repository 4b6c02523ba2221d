/**
 * Where the hub's OpenID Provider lives (issue 21), without loading `oidc-provider`: its path on the API
 * origin, its issuer and authorization endpoint, the path of an interaction, and the authorization
 * request parameter of the spec's calls. The sso module and the provider's routes need these at start;
 * the provider itself (provider.ts, and `oidc-provider` with it) is loaded at its first use (engine.ts).
 */
import type { AppContext } from '../../context.ts';

/** Where the provider is mounted on the API origin (routes.ts). */
export const OIDC_PATH = '/oidc';

/** The provider's issuer identifier (OIDC Core §2 `iss`; OIDC Discovery §4.3): `${PUBLIC_URL}/oidc`. */
export function issuerOf(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${OIDC_PATH}`;
}

/** The provider's authorization endpoint (RFC 6749 §3.1; oidc-provider's `/auth` under the issuer). */
export function authorizationEndpointOf(ctx: Pick<AppContext, 'config'>): string {
  return `${issuerOf(ctx)}/auth`;
}

/**
 * The authorization request parameter GET oauth adds (sso module; issue 21 §2): the request comes from
 * a partner of the spec's calls, which knows the hub by its origin rather than by this issuer, so its
 * authorization response carries no `iss` (RFC 9207 is for clients that discovered the issuer; such a
 * client checks `iss` against the issuer it was given and would refuse the answer).
 */
export const SPEC_CALL_PARAMETER = 'guildgate_spec_call';

/** The path of interaction `uid`, the portal's page for a pending authorization (interaction.ts). */
export function interactionPath(uid: string): string {
  return `${OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
}
