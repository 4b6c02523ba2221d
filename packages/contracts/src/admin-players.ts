/**
 * The operator console's players (issue 24 §2; docs/operations.md "Staff and the operator console"):
 * finding a player (GET admin/players), the player's page (GET admin/players/{idUser}), and lifting a
 * log-in lock (POST admin/players/{idUser}/lift-lock). Field names are PascalCase as the spec's calls
 * (Id_User, Username, Email…); times are ISO 8601 UTC; players are named by their public Id_User.
 * The page's `Data` is the player's own "Download my data" document (data-export.ts), so staff see what
 * the player would, and nothing more (never a password hash, a secret or a token).
 */
import { z } from 'zod';
import { AccountSessionSchema } from './account-security.ts';
import { AdminPageQuerySchema, StaffRoleSchema } from './admin.ts';
import { PlayerDataExportSchema } from './data-export.ts';

/** The longest search text (characters, after trimming): an e-mail address's longest (RFC 5321). */
export const ADMIN_PLAYER_QUERY_MAX_LENGTH = 254;

/**
 * How a search result matched, strongest first: its Id_User, its e-mail address (exact,
 * case-insensitive), a partner studio's single-sign-on subject, a linked Steam id — the exact matches —
 * or its username starting with the text (case-insensitive). A player matched several ways is listed once,
 * with the first of these.
 */
export const PLAYER_MATCH_KINDS = ['id', 'email', 'sso', 'steam', 'username'] as const;
export type PlayerMatchKind = (typeof PLAYER_MATCH_KINDS)[number];
export const PlayerMatchKindSchema = z.enum(PLAYER_MATCH_KINDS);

/**
 * GET admin/players query: the text `q` (trimmed, 1…{@link ADMIN_PLAYER_QUERY_MAX_LENGTH} characters;
 * 400 ERROR_FIELD_INVALID on `q` otherwise) and a page (`limit`, `cursor`: admin.ts
 * {@link AdminPageQuerySchema}).
 */
export const AdminPlayerSearchQuerySchema = AdminPageQuerySchema.extend({
  q: z.string().trim().min(1).max(ADMIN_PLAYER_QUERY_MAX_LENGTH),
});
export type AdminPlayerSearchQuery = z.input<typeof AdminPlayerSearchQuerySchema>;

/** One search result: who the player is, their state at a glance, and how they matched. */
export const AdminPlayerSummarySchema = z.object({
  Id_User: z.string(),
  Username: z.string(),
  Email: z.string(),
  EmailConfirmed: z.boolean(),
  CreatedAt: z.string(),
  Banned: z.boolean(),
  /** The player's staff role, null when they are not staff. */
  StaffRole: StaffRoleSchema.nullable(),
  MatchedBy: PlayerMatchKindSchema,
});
export type AdminPlayerSummary = z.infer<typeof AdminPlayerSummarySchema>;

/**
 * GET admin/players: a page of results — the exact matches first, then the username prefix matches in
 * username order — and the next page's cursor (null: the last page).
 */
export const AdminPlayerSearchResponseSchema = z.object({
  Players: z.array(AdminPlayerSummarySchema),
  NextCursor: z.string().nullable(),
});
export type AdminPlayerSearchResponse = z.infer<typeof AdminPlayerSearchResponseSchema>;

/** The player record as support needs it (`users`; never the password hash nor a look-up key). */
export const AdminPlayerProfileSchema = z.object({
  Id_User: z.string(),
  Username: z.string(),
  Email: z.string(),
  /** 'en' | 'fr', null when never known. */
  Locale: z.string().nullable(),
  EmailConfirmed: z.boolean(),
  EmailConfirmedAt: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Firstname: z.string(),
  Lastname: z.string().nullable(),
  DateOfBirth: z.string().nullable(),
  AvatarUrl: z.string(),
  /** Spec §3 AuthType (2: the player signs in through a partner studio). */
  AuthType: z.number(),
  /** The partner studio the player signs in through (spec §3 AuthPartner), if any. */
  AuthPartner: z.string().nullable(),
  /** The player's id at that partner's sign-on (spec §3 SSO id), if any. */
  SsoId: z.string().nullable(),
  StudioName: z.string().nullable(),
  /** The OAuth client the player registered through, if any. */
  ClientId: z.string().nullable(),
  /** Whether the account has a portal password (a partner's player may have none). */
  HasPassword: z.boolean(),
  /** The general newsletter consent (spec §3 G2GSegaOptin). */
  NewsletterConsent: z.boolean(),
  /** When the player last forgot their known devices ("This wasn't me"), if ever. */
  DevicesForgottenAt: z.string().nullable(),
});
export type AdminPlayerProfile = z.infer<typeof AdminPlayerProfileSchema>;

/**
 * The player's ban (spec §6): whether they are banned, since when, and the reason when one was stored
 * (the latest `staff.player_banned` event's `reason`; the operator command `npm run bans` stores none).
 */
export const AdminPlayerBanSchema = z.object({
  Banned: z.boolean(),
  Since: z.string().nullable(),
  Reason: z.string().nullable(),
});
export type AdminPlayerBan = z.infer<typeof AdminPlayerBanSchema>;

/** The player's second factors (issue 22): an authenticator app enrolled, passkeys, recovery codes left. */
export const AdminPlayerSecondFactorsSchema = z.object({
  Totp: z.boolean(),
  Passkeys: z.number().int().min(0),
  RecoveryCodesLeft: z.number().int().min(0),
});
export type AdminPlayerSecondFactors = z.infer<typeof AdminPlayerSecondFactorsSchema>;

/** One active portal session of the player, as their Security page lists it (without "This device"). */
export const AdminPlayerSessionSchema = AccountSessionSchema.omit({ Current: true });
export type AdminPlayerSession = z.infer<typeof AdminPlayerSessionSchema>;

/**
 * One address the player's log-ins failed from in the last 24 hours (the `login.failed` events): the
 * failures in a row counted for the player from it, and until when its back-off refuses the next
 * attempt (null: none now).
 */
export const LoginThrottleAddressSchema = z.object({
  Ip: z.string(),
  Failures: z.number().int().min(0),
  BackoffUntil: z.string().nullable(),
});
export type LoginThrottleAddress = z.infer<typeof LoginThrottleAddressSchema>;

/**
 * The log-in throttle's state for the player (docs/security.md "Throttling"): `Locked` when the failures
 * on the account across addresses reached `AccountFailureLimit` (LOGIN_ACCOUNT_FAILURES, until
 * `AccountWindowEndsAt`) or an address is in back-off; each address of the last 24 hours' failures.
 */
export const AdminPlayerThrottleSchema = z.object({
  Locked: z.boolean(),
  AccountFailures: z.number().int().min(0),
  AccountFailureLimit: z.number().int().min(1),
  AccountWindowEndsAt: z.string().nullable(),
  Addresses: z.array(LoginThrottleAddressSchema),
});
export type AdminPlayerThrottle = z.infer<typeof AdminPlayerThrottleSchema>;

/**
 * GET admin/players/{idUser}: the player's page — the record, the ban, the staff role (null: none), the
 * second factors, the active sessions, the log-in throttle, and `Data`, the player's "Download my data"
 * document (connections, consents, newsletter choices, survey, badges, security events).
 */
export const AdminPlayerDetailSchema = z.object({
  Player: AdminPlayerProfileSchema,
  Ban: AdminPlayerBanSchema,
  StaffRole: StaffRoleSchema.nullable(),
  SecondFactors: AdminPlayerSecondFactorsSchema,
  Sessions: z.array(AdminPlayerSessionSchema),
  Throttle: AdminPlayerThrottleSchema,
  Data: PlayerDataExportSchema,
});
export type AdminPlayerDetail = z.infer<typeof AdminPlayerDetailSchema>;
