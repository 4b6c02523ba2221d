/**
 * Login, token and logout calls (spec §3 Token, Login forms; §4 Session, Login, Logout; §7).
 */
import { z } from 'zod';
import { Text, OptionalText, IsoDate } from './common.ts';
import { SECOND_FACTOR_METHODS } from './second-factors.ts';

/** spec §3 Login identify form — POST log/identify. */
export const IdentifyRequestSchema = z.object({
  UsernameOrEmail: Text,
  ClientId: OptionalText,
  RedirectUrl: OptionalText,
  Token: OptionalText,
});
export type IdentifyRequest = z.infer<typeof IdentifyRequestSchema>;

/** AuthType values: 1 password login, 2 partner login (spec §3 User). */
export const AUTH_TYPE = { password: 1, partner: 2 } as const;

/** Answer of POST log/identify. `Email` is masked (spec §2 My information masking). */
export const IdentifyResponseSchema = z.object({
  AuthType: z.number().int(),
  Id_User: z.string(),
  Username: z.string(),
  TitleName: z.string(),
  Email: z.string(),
  AvatarUrl: z.string(),
  AuthPartner: z.string().nullable(),
});
export type IdentifyResponse = z.infer<typeof IdentifyResponseSchema>;

/** spec §3 Login form — POST log/log-in (one step: name and password together). */
export const LoginRequestSchema = IdentifyRequestSchema.extend({
  Password: Text,
  StudioName: OptionalText,
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** POST log/user/{id}/log-in — the second step of the two-step login. */
export const UserLoginRequestSchema = z.object({
  Password: Text,
  ClientId: OptionalText,
  StudioName: OptionalText,
  Token: OptionalText,
});
export type UserLoginRequest = z.infer<typeof UserLoginRequestSchema>;

/** `{ id }` path parameter: the player's public Id_User. */
export const UserIdParamsSchema = z.object({ id: z.string().max(64) });

/** Answer of the log-in calls: `Created`, the identity handle stored in the _g2g_identity_ cookie. */
export const CreatedResponseSchema = z.object({ Created: z.string() });
export type CreatedResponse = z.infer<typeof CreatedResponseSchema>;

/**
 * Answer of POST log/log-in and POST log/user/{id}/log-in (a Guildgate extension of spec §7, issue 22
 * §4): `Created` as in {@link CreatedResponseSchema}; when the player enrolled a second factor and the
 * browser is not a remembered device, `Created` is empty and the log-in goes on with POST
 * log/second-factor and `SecondFactorTicket` (single use, 5 minutes), by one of `SecondFactorMethods`.
 */
export const LoginResponseSchema = CreatedResponseSchema.extend({
  SecondFactorTicket: z.string().optional(),
  SecondFactorMethods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `{ identity }` path parameter of GET token/{identity}. */
export const IdentityParamsSchema = z.object({ identity: z.string().max(256) });

/**
 * spec §3 Token — answer of GET token/{identity}. `Value` is the access token (EdDSA JWT),
 * `Refresh` the opaque rotating refresh token, `ExprireAt` (spelt so) the access token's expiry,
 * `ExpiresIn` its remaining lifetime in seconds.
 */
export const TokenSchema = z.object({
  Value: z.string(),
  Refresh: z.string(),
  Id_User: z.string(),
  Validated: z.boolean(),
  Refreshed: z.boolean(),
  ExprireAt: IsoDate,
  ExpiresIn: z.number().int(),
});
export type Token = z.infer<typeof TokenSchema>;

/** GET token/refresh query. */
export const TokenRefreshQuerySchema = z.object({
  access_token: z.string().max(4096).default(''),
  refresh_token: z.string().max(512).default(''),
  client_id: z.string().max(256).default(''),
});
export type TokenRefreshQuery = z.infer<typeof TokenRefreshQuerySchema>;

/** Answer of GET token/refresh: a new access token and the rotated refresh token. */
export const TokenRefreshResponseSchema = z.object({
  AccessToken: z.string(),
  Refresh: z.string(),
  ExprireAt: IsoDate,
  ExpiresIn: z.number().int(),
});
export type TokenRefreshResponse = z.infer<typeof TokenRefreshResponseSchema>;

/** GET token/verify query. */
export const TokenVerifyQuerySchema = z.object({
  client_id: z.string().max(256).default(''),
  access_token: z.string().max(4096).default(''),
});
export type TokenVerifyQuery = z.infer<typeof TokenVerifyQuerySchema>;

/**
 * Answer of GET token/verify: remaining lifetime in seconds, the token's subject, and the player's
 * username (so that a partner site can say who is signed in).
 */
export const TokenVerifyResponseSchema = z.object({
  ExpiresIn: z.number().int(),
  Id_User: z.string(),
  Username: z.string(),
});
export type TokenVerifyResponse = z.infer<typeof TokenVerifyResponseSchema>;

/** Answer of POST log/user/{id}/log-out: the partner cookie to clear on the main domain, if any. */
export const LogoutResponseSchema = z.object({ CookieName: z.string().nullable() });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
