/**
 * The hub's authorization code flow for partner sites (spec §1 Single sign-on; §7 GET oauth → RedirectUri,
 * token/refresh, token/verify; RFC 6749 §4.1, RFC 7636): the /oauth page's query, its answer, the
 * code exchange a partner site's server makes (POST oauth/token), and the profile of the player its
 * access token names (GET oauth/profile; docs/partner-api.md).
 */
import { z } from 'zod';
import { ErrorItemSchema } from './errors.ts';
import { BadgeSchema } from './survey.ts';

const Param = z.string().max(2048).optional();

/** GET oauth query: the page's parameters (spec §2 common query parameters), others tolerated. */
export const OAuthQuerySchema = z
  .object({
    client_id: Param,
    redirect_uri: Param,
    state: Param,
    response_type: Param,
    code_challenge: Param,
    code_challenge_method: Param,
    scope: Param,
  })
  .catchall(z.string().max(4096));
export type OAuthQuery = z.infer<typeof OAuthQuerySchema>;

/** Answer of GET oauth: where the browser goes (the client with a code or an error, or the login). */
export const OAuthResponseSchema = z.object({ RedirectUri: z.string() });
export type OAuthResponse = z.infer<typeof OAuthResponseSchema>;

/**
 * POST oauth/token body (RFC 6749 §4.1.3; form-encoded or JSON): `client_id` and `client_secret` only
 * for `client_secret_post` (RFC 6749 §2.3.1; HTTP Basic is the other way). Other parameters are ignored.
 */
export const OAuthTokenRequestSchema = z
  .object({
    grant_type: Param,
    code: Param,
    redirect_uri: Param,
    code_verifier: Param,
    client_id: Param,
    client_secret: z.string().max(512).optional(),
  })
  .catchall(z.unknown());
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequestSchema>;

/** Answer of POST oauth/token (RFC 6749 §5.1, with the granted `scope`), plus the player's public id. */
export const OAuthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  Id_User: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponseSchema>;

/** RFC 6749 §5.2 error codes the token endpoint answers. */
export const OAuthTokenErrorCodeSchema = z.enum([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
]);
export type OAuthTokenErrorCode = z.infer<typeof OAuthTokenErrorCodeSchema>;

/**
 * A refused POST oauth/token (400, or 401 for `invalid_client`): the RFC 6749 §5.2 fields and the
 * spec §8 `ErrorMessages` together.
 */
export const OAuthTokenErrorBodySchema = z.object({
  error: OAuthTokenErrorCodeSchema,
  error_description: z.string().optional(),
  ErrorMessages: z.array(ErrorItemSchema),
});
export type OAuthTokenErrorBody = z.infer<typeof OAuthTokenErrorBodySchema>;

/** GET oauth/profile query: the access token the hub issued to the calling partner client. */
export const OAuthProfileQuerySchema = z.object({ access_token: z.string().max(4096).default('') });
export type OAuthProfileQuery = z.infer<typeof OAuthProfileQuerySchema>;

/**
 * Answer of GET oauth/profile (docs/partner-api.md; scope `profile`): what a partner community site
 * shows on the profile of the player signed in with it — the spec §3 User's public part (`AvatarUrl`
 * relative to the portal's address when it starts with `/`; `CreatedAt` ISO 8601) and the badges the
 * player earned, oldest first (the survey's Profiler Badge, spec §2 Survey).
 */
export const OAuthProfileResponseSchema = z.object({
  Id_User: z.string(),
  Username: z.string(),
  AvatarUrl: z.string(),
  TitleName: z.string(),
  CreatedAt: z.string(),
  Badges: z.array(BadgeSchema),
});
export type OAuthProfileResponse = z.infer<typeof OAuthProfileResponseSchema>;
