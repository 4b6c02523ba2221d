/**
 * Consent for third-party sites (issue 21 §3; OIDC Core §3.1.2.4 "Authorization Server obtains End-User
 * Consent/Authorization"): the SPA's `/oauth/consent?uid=<interaction uid>` page reads what a partner
 * site asks for and sends the player's decision.
 *
 * Both calls belong to the OpenID Provider's pending interaction, not to the account API: they live at
 * `${PUBLIC_URL}/oidc/interaction/{uid}/…` (the provider's interaction cookie is scoped to that path), on
 * the portal's own origin, carry the portal session's identity cookie, and take neither the api key nor
 * a bearer — so they are not entries of the endpoint table (whose paths are relative to the account API
 * and whose calls carry its api key and bearer). Errors are the spec §8 body.
 * - GET {@link consentDetailsPath} → 200 {@link ConsentDetails};
 * - POST {@link consentDecisionPath} with {@link ConsentDecision} (JSON, same origin) → 200
 *   {@link ConsentAnswer}: where the browser goes next (the provider, which returns to the site with a
 *   code, or with `error=access_denied` when the player said no).
 */
import { z } from 'zod';

/** The path of the details of pending interaction `uid` (on the portal's origin). */
export function consentDetailsPath(uid: string): string {
  return `/oidc/interaction/${encodeURIComponent(uid)}/details`;
}

/** The path the player's decision on pending interaction `uid` is posted to (on the portal's origin). */
export function consentDecisionPath(uid: string): string {
  return `/oidc/interaction/${encodeURIComponent(uid)}/consent`;
}

/** One requested scope (OIDC Core §5.4: `openid`, `profile`, `email`). */
export const ConsentScopeSchema = z.object({
  /** The scope value. */
  Scope: z.string(),
  /** The player already granted it to this site (a new request adds the others). */
  Granted: z.boolean(),
});
export type ConsentScope = z.infer<typeof ConsentScopeSchema>;

/** GET …/details: what the site asks for and who is asked. */
export const ConsentDetailsSchema = z.object({
  /** The site's OAuth client id (RFC 6749 §2.2). */
  ClientId: z.string(),
  /** Its registered name (`oauth_clients.name`). */
  ClientName: z.string(),
  /** The host the player goes back to (the authorization request's `redirect_uri`), e.g. `forum.example`. */
  SiteHost: z.string(),
  /** The requested scopes the hub knows, in the order openid, profile, email. */
  Scopes: z.array(ConsentScopeSchema),
  /** The signed-in player being asked. */
  Username: z.string(),
});
export type ConsentDetails = z.infer<typeof ConsentDetailsSchema>;

/** POST …/consent body: allow (`true`) or deny (`false`) the site's request. */
export const ConsentDecisionSchema = z.object({ Approve: z.boolean() }).strict();
export type ConsentDecision = z.infer<typeof ConsentDecisionSchema>;

/** POST …/consent answer: the address the browser goes to next (the provider's resume endpoint). */
export const ConsentAnswerSchema = z.object({ RedirectUri: z.string() });
export type ConsentAnswer = z.infer<typeof ConsentAnswerSchema>;
