/**
 * Connected sites (issue 21 §4): the partner sites a player has granted access to through the hub's
 * OpenID Provider, listed on the account page with "Remove access" (GET account/connected-sites,
 * POST account/connected-sites/{clientId}/remove). Times are ISO 8601 UTC; scopes are OpenID Connect
 * scope values (OIDC Core §5.4: `openid`, `profile`, `email`).
 */
import { z } from 'zod';

/** Upper bound of a client id as callers send it (`oauth_clients.client_id`; POST oauth/token's 2048). */
export const MAX_CLIENT_ID_LENGTH = 2048;

/** One connected site: a client the player granted, with the union of its grants' scopes. */
export const ConnectedSiteSchema = z.object({
  /** The partner site's OAuth client id (RFC 6749 §2.2). */
  ClientId: z.string(),
  /** Its registered name (`oauth_clients.name`). */
  Name: z.string(),
  /** The granted scopes (OIDC Core §5.4), in the order openid, profile, email. */
  Scopes: z.array(z.string()),
  /** When the player first granted it (the oldest live grant's issue time). */
  GrantedAt: z.string(),
  /**
   * The site's last use of the grant: the latest time it was issued tokens for the player (sign-in or
   * refresh) or used a refresh token; a userinfo call is not recorded.
   */
  LastUsedAt: z.string(),
});
export type ConnectedSite = z.infer<typeof ConnectedSiteSchema>;

/** GET account/connected-sites: the sites, most recently used first. */
export const ConnectedSitesResponseSchema = z.array(ConnectedSiteSchema);
export type ConnectedSitesResponse = z.infer<typeof ConnectedSitesResponseSchema>;

/** POST account/connected-sites/{clientId}/remove path parameters. */
export const ConnectedSiteParamsSchema = z.object({ clientId: z.string().min(1).max(MAX_CLIENT_ID_LENGTH) });
export type ConnectedSiteParams = z.infer<typeof ConnectedSiteParamsSchema>;
