/**
 * The partner studios' sign-on (spec §1 single sign-on; §2 /login, /register, /oauth/partner,
 * /oauth/partner/register; §3 Partner register payload, Responses read; §4 Register "Partner registration
 * flow"; §7 partner/login-url, partner/{partner}/login-url, partner/{partner}/register-url, partner/log-in,
 * focus/oauth/partner, creativeassembly/oauth/partner, partner/user/register,
 * partner/user/{created}/log-in).
 */
import { z } from 'zod';
import { Flag, OptionalText, Text } from './common.ts';

/** Answer of the partner URL calls: where the browser goes next (the partner's sign-in page). */
export const PartnerUrlResponseSchema = z.object({ URL: z.string() });
export type PartnerUrlResponse = z.infer<typeof PartnerUrlResponseSchema>;

/** `{ partner }` path parameter of partner/{partner}/login-url and /register-url. */
export const PartnerParamsSchema = z.object({ partner: z.string().max(64) });
export type PartnerParams = z.infer<typeof PartnerParamsSchema>;

/** POST partner/{partner}/login-url body (spec §7: ClientId, RedirectUrl). */
export const PartnerLoginUrlRequestSchema = z.object({ ClientId: OptionalText, RedirectUrl: OptionalText });
export type PartnerLoginUrlRequest = z.infer<typeof PartnerLoginUrlRequestSchema>;

/** POST partner/login-url query (spec §7: redirectUrl, clientId). */
export const PlayerPartnerLoginUrlQuerySchema = z.object({
  redirectUrl: OptionalText,
  clientId: OptionalText,
});
export type PlayerPartnerLoginUrlQuery = z.infer<typeof PlayerPartnerLoginUrlQuerySchema>;

/** POST partner/login-url body (spec §7: the identified player, AuthType 2). */
export const PlayerPartnerLoginUrlRequestSchema = z.object({
  Id_User: Text,
  AuthPartner: OptionalText,
  Username: OptionalText,
  Email: OptionalText,
});
export type PlayerPartnerLoginUrlRequest = z.infer<typeof PlayerPartnerLoginUrlRequestSchema>;

/**
 * The partner's answer as the browser relays it to the callback calls (GET focus/oauth/partner,
 * creativeassembly/oauth/partner, partner/log-in): the authorization response (RFC 6749 §4.1.2), other
 * page parameters tolerated.
 */
export const PartnerCallbackQuerySchema = z
  .object({
    code: OptionalText,
    state: OptionalText,
    iss: OptionalText,
    error: OptionalText,
    error_description: OptionalText,
  })
  .catchall(z.string().max(4096));
export type PartnerCallbackQuery = z.infer<typeof PartnerCallbackQuerySchema>;

/**
 * Answer of the partner callback calls (spec §3 Responses read): `Created` for a known player; else
 * `CreateAccount` with the verified identity for 'Confirm username'; or the identity alone
 * (`Validated: false`) when the partner account's e-mail is not verified (→ Unverified-account page).
 */
export const PartnerCallbackResponseSchema = z.object({
  Created: z.string().nullable(),
  CreateAccount: z.boolean(),
  Validated: z.boolean(),
  SSOId: z.number().int().nullable(),
  SSOEmail: z.string().nullable(),
  /** The partner account's username, suggested on 'Confirm username'. */
  Username: z.string().nullable(),
});
export type PartnerCallbackResponse = z.infer<typeof PartnerCallbackResponseSchema>;

/**
 * POST partner/user/register (spec §3 Partner register payload). The identity (Email, Id_SSO, Partner)
 * is the one the partner verified for `State`; values sent for it must match it.
 */
export const PartnerRegisterRequestSchema = z.object({
  State: Text,
  Username: Text,
  ApprovePrivacyPolicy: Flag,
  ApproveEULA: Flag,
  ApproveCodeOfConduct: Flag,
  ClientId: OptionalText,
  Cookies: z.unknown().optional(),
  Email: OptionalText,
  Id_SSO: z.union([z.number().int(), z.string().max(64)]).nullish(),
  Partner: OptionalText,
  SteamConnectUserInfo: z.unknown().optional(),
  EpicConnectUserInfo: z.unknown().optional(),
  /** Hidden trap checkbox: must stay false. */
  Additional: Flag,
  ReCAPTCHAToken: OptionalText,
  StudioName: OptionalText,
});
export type PartnerRegisterRequest = z.infer<typeof PartnerRegisterRequestSchema>;

/** `{ created }` path parameter of GET partner/user/{created}/log-in (the registration's ticket). */
export const PartnerTicketParamsSchema = z.object({ created: z.string().max(256) });
export type PartnerTicketParams = z.infer<typeof PartnerTicketParamsSchema>;
