/**
 * The operator console's dashboard and reports (issue 24 §3 "deletion types and the reasons given
 * (counts)", "survey answers exported as CSV", §4 "A dashboard"; docs/operations.md "Staff and the
 * operator console"): GET admin/dashboard (counts per UTC day), GET admin/deletion-reasons (how many
 * deletions gave each reason, and the free-text reasons, naming no player) and GET admin/survey/export
 * (the survey answers as a CSV file). Field names are PascalCase as the spec's calls; days are UTC
 * calendar days written `YYYY-MM-DD`; times ISO 8601 UTC.
 */
import { z } from 'zod';
import { AdminPageQuerySchema } from './admin.ts';

/** The dashboard's default and longest span, in days (issue 24 §4: "per day for 30 days"). */
export const DASHBOARD_DAYS = { default: 30, max: 90 } as const;

/**
 * GET admin/dashboard query: `days`, how many UTC days to show, today included (1 to
 * {@link DASHBOARD_DAYS}.max, default {@link DASHBOARD_DAYS}.default); anything else is 400
 * ERROR_FIELD_INVALID on `days`.
 */
export const AdminDashboardQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(DASHBOARD_DAYS.max).default(DASHBOARD_DAYS.default),
});
export type AdminDashboardQuery = z.input<typeof AdminDashboardQuerySchema>;

/** One count per day of {@link DashboardResponseSchema}'s `Days`, in the same order (0 for a day without any). */
const PerDay = z.array(z.number().int().nonnegative());

/**
 * The accounts linked per provider (spec §3 Connection: steam, twitch, epic-games), per day: `Steam`,
 * `Twitch`, `EpicGames`.
 */
export const DashboardLinksSchema = z.object({ Steam: PerDay, Twitch: PerDay, EpicGames: PerDay });
export type DashboardLinks = z.infer<typeof DashboardLinksSchema>;

/**
 * GET admin/dashboard: `Days`, the UTC days oldest first, today last; and per series one count per day
 * (every array as long as `Days`):
 * - `Registrations`: players created (portal and partner registrations);
 * - `Confirmations`: e-mail addresses confirmed (by the player's link, or marked by support);
 * - `LogIns`: successful log-ins, every path (password, second step, passkey, partner sign-on);
 * - `FailedLogIns`: wrong passwords or second factors for an existing player;
 * - `Locks`: log-in attempts the log-in throttle refused (429, or a captcha asked);
 * - `Links`: accounts linked, per provider;
 * - `Deletions`: accounts deleted.
 * A deleted player's own events go with them (spec §4 Deletion), so the counts of past days leave out
 * what deleted players did — except `Deletions`, which names no one.
 */
export const DashboardResponseSchema = z.object({
  Days: z.array(z.string()),
  Series: z.object({
    Registrations: PerDay,
    Confirmations: PerDay,
    LogIns: PerDay,
    FailedLogIns: PerDay,
    Locks: PerDay,
    Links: DashboardLinksSchema,
    Deletions: PerDay,
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/**
 * GET admin/deletion-reasons query: the page of free-text reasons ({@link AdminPageQuerySchema}:
 * `limit`, and the previous page's `NextCursor`).
 */
export const AdminDeletionReasonsQuerySchema = AdminPageQuerySchema;
export type AdminDeletionReasonsQuery = z.input<typeof AdminDeletionReasonsQuerySchema>;

/**
 * One deletion type (spec §3 Deletion type: Id, Description in the default locale, IsOther) and how
 * many deletions gave it (`Count`).
 */
export const DeletionTypeCountSchema = z.object({
  Id: z.number().int(),
  Description: z.string(),
  IsOther: z.boolean(),
  Count: z.number().int().nonnegative(),
});
export type DeletionTypeCount = z.infer<typeof DeletionTypeCountSchema>;

/**
 * One free-text reason given when an account was deleted (spec §7 POST deletion/user's
 * `DeletionReason`, the "other" type): its id, the text as given, and when. It names no player: the
 * feedback is kept without any link to the erased account.
 */
export const DeletionFeedbackSchema = z.object({
  Id: z.string(),
  DeletionReason: z.string(),
  At: z.string(),
});
export type DeletionFeedback = z.infer<typeof DeletionFeedbackSchema>;

/**
 * GET admin/deletion-reasons: `Deletions`, every deletion that left feedback; `Skipped`, those that
 * gave no reason (spec §4: "Skip clears the reason"); `Types`, every deletion type in its seeded order
 * with its count; `WithText`, how many gave a free-text reason; and a page of those texts (`Reasons`,
 * newest first) with the next page's cursor (null: the last).
 */
export const DeletionReasonsResponseSchema = z.object({
  Deletions: z.number().int().nonnegative(),
  Skipped: z.number().int().nonnegative(),
  Types: z.array(DeletionTypeCountSchema),
  WithText: z.number().int().nonnegative(),
  Reasons: z.array(DeletionFeedbackSchema),
  NextCursor: z.string().nullable(),
});
export type DeletionReasonsResponse = z.infer<typeof DeletionReasonsResponseSchema>;

/** The media type of GET admin/survey/export's answer. */
export const SURVEY_EXPORT_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * The columns of the survey export, in order: the player (`Id_User`; `Username` and `SteamId` as given
 * with the answers), when they first and last submitted, then every answer of the ten steps in step
 * order (spec §3 Survey answers, contracts survey.ts `SURVEY_STEPS`, with `HasOtherSocialNetworks`).
 * A multiple choice is one column, its options joined by `;` in option order; yes/no answers are
 * `true`/`false`; an answer not asked is empty.
 */
export const SURVEY_EXPORT_COLUMNS = [
  'Id_User',
  'Username',
  'SteamId',
  'SubmittedAt',
  'UpdatedAt',
  'Age',
  'Gender',
  'Country',
  'DevType',
  'FavoriteFeatures',
  'OtherFavoriteFeatures',
  'SocialNetworks',
  'HasOtherSocialNetworks',
  'OtherSocialNetworks',
  'Gameinformationources',
  'HasInfluencers',
  'Influencers',
  'GamingWebsites',
  'Reviews_GamingWebsite',
  'Reviews_Influencers',
  'Reviews_Steam',
  'HasOtherStudios',
  'OtherStudios',
  'AdditionnalMessage',
] as const;
export type SurveyExportColumn = (typeof SURVEY_EXPORT_COLUMNS)[number];

/**
 * GET admin/survey/export's answer as the table declares it: the CSV text (RFC 4180, a header row of
 * {@link SURVEY_EXPORT_COLUMNS} then one row per player's response), sent as
 * {@link SURVEY_EXPORT_CONTENT_TYPE} with `Content-Disposition: attachment;
 * filename="guildgate-survey-YYYY-MM-DD.csv"`. A cell beginning with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is prefixed with `'` (OWASP "CSV Injection").
 */
export const SurveyExportSchema = z.string().describe('CSV (text/csv; charset=utf-8)');
