/**
 * Download my data (issue 22 §8; GDPR art. 15 right of access, art. 20 data portability): the JSON
 * document POST account/export answers as a download. One section per module holding player data
 * (apps/api/src/db/player-data.ts `PlayerDataExporter`), never a secret: no password hash, no token,
 * identity or refresh hash, no sealed value, no internal numeric id (public ids only). Times are
 * ISO 8601 UTC strings. Field names are camelCase (a document for the player, not a spec §7 body).
 * docs/account-data.md lists what each section holds, per table.
 */
import { z } from 'zod';

/** The version of the document's shape: raised when a field changes meaning or goes. */
export const DATA_EXPORT_FORMAT = 'guildgate-data-export/1';

const time = z.string();
const optionalTime = z.string().nullable();

/** `users`: the account itself (accounts module). */
export const ExportedAccountSchema = z.object({
  /** Public id (spec Id_User). */
  idUser: z.string(),
  username: z.string(),
  email: z.string(),
  emailConfirmedAt: optionalTime,
  firstname: z.string(),
  lastname: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  avatarUrl: z.string(),
  titles: z.string(),
  /** Spec §3 AuthType: how the account signs in (portal password or a partner studio). */
  authType: z.number(),
  /** The partner studio the account signs in through, if any. */
  authPartner: z.string().nullable(),
  /** The player's id at the partner's sign-on (spec §3 SSO id), if any. */
  partnerSsoId: z.string().nullable(),
  studioName: z.string().nullable(),
  /** The OAuth client the account registered through, if any. */
  registeredThroughClientId: z.string().nullable(),
  /** The public id of the player who referred this one, if any. */
  referrerIdUser: z.string().nullable(),
  steamCheck: z.boolean(),
  cookiePopupSeen: z.boolean(),
  /** The general newsletter consent (spec §3 G2GSegaOptin). */
  newsletterConsent: z.boolean(),
  /** 'en' | 'fr', null when never known. */
  locale: z.string().nullable(),
  bannedAt: optionalTime,
  createdAt: time,
  updatedAt: time,
});

/** `user_cookie_consents`: one choice per cookie category. */
export const ExportedCookieConsentSchema = z.object({
  category: z.string(),
  accepted: z.boolean(),
  updatedAt: time,
});

/** `user_newsletter_optins`: the lists the player receives. */
export const ExportedNewsletterOptInSchema = z.object({ list: z.string(), optedInAt: time });

/** `user_connections`: a linked provider account (spec §3 Connection). */
export const ExportedConnectionSchema = z.object({
  /** steam, twitch or epic-games. */
  provider: z.string(),
  accountId: z.string(),
  connectName: z.string().nullable(),
  avatar: z.string().nullable(),
  lastCheck: optionalTime,
  connectedAt: time,
});

/** `blocks`: a player this one blocked (by public id and username). */
export const ExportedBlockSchema = z.object({ idUser: z.string(), username: z.string(), blockedAt: time });

/** `survey_responses`: the profiling survey's answers (spec §3 Survey answers). */
export const ExportedSurveySchema = z.object({
  steamId: z.string(),
  username: z.string(),
  answers: z.unknown(),
  submittedAt: time,
  updatedAt: time,
});

/** `user_badges`. */
export const ExportedBadgeSchema = z.object({ badge: z.string(), awardedAt: time });

/** `sessions`: where the player signed in (no identity or refresh hash). */
export const ExportedSessionSchema = z.object({
  clientId: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: time,
  lastUsedAt: optionalTime,
  authTime: optionalTime,
  expiresAt: time,
  revokedAt: optionalTime,
});

/** `audit_events` of the player: the security events (DESIGN.md §5). */
export const ExportedEventSchema = z.object({
  type: z.string(),
  ip: z.string().nullable(),
  detail: z.unknown(),
  at: time,
});

/** `oidc_payloads`: the sites granted through the hub's OpenID Provider (issue 21 §4). */
export const ExportedConnectedSiteSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  grantedAt: time,
  lastUsedAt: time,
});

/** `mail_outbox`: the e-mails sent to the player (never their content: it holds single-use links). */
export const ExportedMailSchema = z.object({
  kind: z.string(),
  recipient: z.string(),
  status: z.string(),
  createdAt: time,
  sentAt: optionalTime,
});

/** `access_keys`: when the player used a registration key (never the key). */
export const ExportedAccessKeySchema = z.object({ usedAt: optionalTime });

/**
 * `second_factors`, `passkeys`, `recovery_codes`: whether an authenticator app is enrolled and since
 * when, the passkeys (name, added, last used, synced), and the recovery codes left — never the secret,
 * a passkey's key or credential id, nor the codes (issue 22 §1–§3).
 */
export const ExportedSecondFactorsSchema = z.object({
  authenticatorApp: z.boolean(),
  authenticatorAppSince: optionalTime,
  passkeys: z.array(
    z.object({ name: z.string(), createdAt: time, lastUsedAt: optionalTime, synced: z.boolean() }),
  ),
  recoveryCodesLeft: z.number(),
});

/**
 * `staff_roles`: the player's role in the operator console, when they are staff (issue 24) — the role
 * and since when; not who granted it (another staff member's data).
 */
export const ExportedStaffRoleSchema = z.object({ role: z.string(), grantedAt: time });

/** The whole document (the answer of POST account/export). */
export const PlayerDataExportSchema = z.object({
  /** {@link DATA_EXPORT_FORMAT}. */
  format: z.literal(DATA_EXPORT_FORMAT),
  /** When the document was produced (ISO 8601 UTC). */
  generatedAt: time,
  account: ExportedAccountSchema,
  cookieConsents: z.array(ExportedCookieConsentSchema),
  newsletterOptIns: z.array(ExportedNewsletterOptInSchema),
  connections: z.array(ExportedConnectionSchema),
  /** The players this one blocked; how many blocked this one (who they are is their data). */
  blocks: z.object({ blocked: z.array(ExportedBlockSchema), blockedByCount: z.number() }),
  survey: ExportedSurveySchema.nullable(),
  badges: z.array(ExportedBadgeSchema),
  sessions: z.array(ExportedSessionSchema),
  securityEvents: z.array(ExportedEventSchema),
  connectedSites: z.array(ExportedConnectedSiteSchema),
  emails: z.array(ExportedMailSchema),
  accessKey: ExportedAccessKeySchema.nullable(),
  secondFactors: ExportedSecondFactorsSchema,
  staffRole: ExportedStaffRoleSchema.nullable(),
});
export type PlayerDataExport = z.infer<typeof PlayerDataExportSchema>;

/** The sections of the document, as the exporters fill them. */
export type PlayerDataSections = Omit<PlayerDataExport, 'format' | 'generatedAt'>;
