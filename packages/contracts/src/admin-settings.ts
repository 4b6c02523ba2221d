/**
 * The operator console's platform settings of issue 24 §3 (docs/operations.md "Staff and the operator
 * console"): access keys (spec §2 /access-key), banned IP ranges (spec §6), newsletter lists (spec §3
 * Newsletter opt-in, §7 GET newsletter) and cookie categories (spec §3 Cookie category, §4 Cookie
 * consent), under `admin/…`. Reading needs `platform.read`, changing `platform.manage`, the access-key
 * export `players.export` (admin.ts STAFF_PERMISSIONS). Field names are PascalCase as the spec's calls;
 * times ISO 8601 UTC; every change is audited (`staff.access_keys_…`, `staff.ip_ban_…`,
 * `staff.newsletter_list_…`, `staff.cookie_category_…`).
 */
import { z } from 'zod';
import { AdminPageQuerySchema, AdminPlayerRefSchema, STAFF_REASON_MAX_LENGTH } from './admin.ts';
import { LocaleSchema } from './locale.ts';

/** A numeric id of the store in an admin path (`{id}`): a positive integer in PostgreSQL's `integer` range. */
export const AdminNumericIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export type AdminNumericIdParams = z.infer<typeof AdminNumericIdParamsSchema>;

// ---------------------------------------------------------------------------------------------------
// Access keys

/**
 * The states of an access key: `unused` (may still register a player), `used` (a registration used it),
 * `revoked` (an admin revoked it before use: refused like an unknown key), `expired` (its expiry passed
 * before use).
 */
export const ACCESS_KEY_STATES = ['unused', 'used', 'revoked', 'expired'] as const;
export type AccessKeyState = (typeof ACCESS_KEY_STATES)[number];

/** The most keys one POST admin/access-keys generates. */
export const ACCESS_KEY_BATCH_MAX = 10_000;
/** The longest batch label (the operator command's `--note`), characters. */
export const ACCESS_KEY_BATCH_LABEL_MAX_LENGTH = 100;
/** The longest validity of generated keys, days. */
export const ACCESS_KEY_EXPIRES_DAYS_MAX = 3650;
/** The most keys or ids one POST admin/access-keys/revoke names. */
export const ACCESS_KEY_REVOKE_MAX = 1000;

const BatchLabel = z.string().trim().min(1).max(ACCESS_KEY_BATCH_LABEL_MAX_LENGTH);

/** GET admin/access-keys and GET admin/access-keys/export query: optionally only the keys in one state. */
export const AdminAccessKeysFilterSchema = z.object({ state: z.enum(ACCESS_KEY_STATES).optional() });
/** GET admin/access-keys query: a page ({@link AdminPageQuerySchema}), optionally of one `state`. */
export const AdminAccessKeysQuerySchema = AdminPageQuerySchema.extend(AdminAccessKeysFilterSchema.shape);
export type AdminAccessKeysQuery = z.input<typeof AdminAccessKeysQuerySchema>;

/**
 * One access key as the console lists it. The store keeps only each key's SHA-256, so the key itself is
 * never listed (it is shown once, when generated): the row's id, batch label, times, state and the
 * player who used it (null: unused, or that player was deleted).
 */
export const AdminAccessKeySchema = z.object({
  Id: z.number().int(),
  Batch: z.string().nullable(),
  State: z.enum(ACCESS_KEY_STATES),
  CreatedAt: z.string(),
  ExpiresAt: z.string().nullable(),
  UsedAt: z.string().nullable(),
  UsedBy: AdminPlayerRefSchema.nullable(),
  RevokedAt: z.string().nullable(),
});
export type AdminAccessKey = z.infer<typeof AdminAccessKeySchema>;

/** GET admin/access-keys: a page of keys, newest first, and the next page's cursor (null: the last). */
export const AdminAccessKeysResponseSchema = z.object({
  Keys: z.array(AdminAccessKeySchema),
  NextCursor: z.string().nullable(),
});
export type AdminAccessKeysResponse = z.infer<typeof AdminAccessKeysResponseSchema>;

/**
 * POST admin/access-keys: how many keys to generate (1…{@link ACCESS_KEY_BATCH_MAX}), an optional batch
 * label (the operator command's `--note`) and validity in days (absent: no expiry).
 */
export const AdminAccessKeysGenerateRequestSchema = z.object({
  Count: z.number().int().min(1).max(ACCESS_KEY_BATCH_MAX),
  Batch: BatchLabel.optional(),
  ExpiresInDays: z.number().int().min(1).max(ACCESS_KEY_EXPIRES_DAYS_MAX).optional(),
});
export type AdminAccessKeysGenerateRequest = z.infer<typeof AdminAccessKeysGenerateRequestSchema>;

/** POST admin/access-keys (201): the new keys, shown only now (the store keeps their SHA-256). */
export const AdminAccessKeysGenerateResponseSchema = z.object({
  Keys: z.array(z.string()),
  Batch: z.string().nullable(),
  ExpiresAt: z.string().nullable(),
});
export type AdminAccessKeysGenerateResponse = z.infer<typeof AdminAccessKeysGenerateResponseSchema>;

/**
 * POST admin/access-keys/revoke: exactly one of `Keys` (the keys themselves, as handed out), `Ids` (the
 * list's ids) or `Batch` (every key of that batch label). Only unused keys are revoked.
 */
export const AdminAccessKeysRevokeRequestSchema = z
  .object({
    Keys: z.array(z.string().trim().min(1).max(64)).min(1).max(ACCESS_KEY_REVOKE_MAX).optional(),
    Ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(ACCESS_KEY_REVOKE_MAX).optional(),
    Batch: BatchLabel.optional(),
  })
  .refine((body) => [body.Keys, body.Ids, body.Batch].filter((v) => v !== undefined).length === 1, {
    message: 'Give exactly one of Keys, Ids or Batch',
  });
export type AdminAccessKeysRevokeRequest = z.infer<typeof AdminAccessKeysRevokeRequestSchema>;

/** POST admin/access-keys/revoke: how many unused keys were revoked (keys already used, revoked or unknown are not counted). */
export const AdminAccessKeysRevokeResponseSchema = z.object({ Revoked: z.number().int() });
export type AdminAccessKeysRevokeResponse = z.infer<typeof AdminAccessKeysRevokeResponseSchema>;

/** The columns of GET admin/access-keys/export's CSV, in order (the list's fields; UsedBy as Id_User and Username). */
export const ACCESS_KEYS_CSV_COLUMNS = [
  'Id',
  'Batch',
  'State',
  'CreatedAt',
  'ExpiresAt',
  'UsedAt',
  'UsedBy_Id_User',
  'UsedBy_Username',
  'RevokedAt',
] as const;

/** GET admin/access-keys/export: the CSV text (`text/csv`, as an attachment). */
export const AdminAccessKeysExportResponseSchema = z.string();

// ---------------------------------------------------------------------------------------------------
// Banned IP ranges

/** The longest address or range text accepted (IPv6 with a prefix fits in 49 characters). */
const IP_RANGE_MAX_LENGTH = 64;

/** One ban: id, canonical range (`address/prefix`), reason, when it was made and until when (null: until lifted). */
export const AdminIpBanSchema = z.object({
  Id: z.number().int(),
  Range: z.string(),
  Reason: z.string().nullable(),
  CreatedAt: z.string(),
  ExpiresAt: z.string().nullable(),
});
export type AdminIpBan = z.infer<typeof AdminIpBanSchema>;

/** GET admin/ip-bans: every ban (expired ones included, they no longer apply), newest first. */
export const AdminIpBansResponseSchema = z.object({ Bans: z.array(AdminIpBanSchema) });
export type AdminIpBansResponse = z.infer<typeof AdminIpBansResponseSchema>;

/**
 * POST admin/ip-bans: an address or CIDR range, IPv4 or IPv6 (`203.0.113.7`, `203.0.113.0/24`,
 * `2001:db8::/32`), why, and for how many days (absent: until lifted). Banning a range already banned
 * replaces its ban.
 */
export const AdminIpBanRequestSchema = z.object({
  Range: z.string().trim().min(1).max(IP_RANGE_MAX_LENGTH),
  Reason: z.string().trim().max(STAFF_REASON_MAX_LENGTH).optional(),
  Days: z.number().int().min(1).max(3650).optional(),
});
export type AdminIpBanRequest = z.infer<typeof AdminIpBanRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Newsletter lists and cookie categories

/**
 * A translation's locale: every locale the contracts know (locale.ts LOCALES) but English
 * (DEFAULT_LOCALE), the reference texts' own.
 */
const TranslationLocaleSchema = LocaleSchema.exclude(['en']);
/** The locales a translation may be in (see {@link TranslationLocaleSchema}). */
export const TRANSLATION_LOCALES = TranslationLocaleSchema.options;
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

/** Is `value` a locale a translation may be in? */
export function isTranslationLocale(value: string): value is TranslationLocale {
  return (TRANSLATION_LOCALES as readonly string[]).includes(value);
}

/** The longest newsletter list or cookie category name, characters. */
export const SETTING_NAME_MAX_LENGTH = 100;
/** The longest cookie category description, characters. */
export const SETTING_DESCRIPTION_MAX_LENGTH = 1000;

const SettingName = z.string().trim().min(1).max(SETTING_NAME_MAX_LENGTH);
const SettingDescription = z.string().trim().min(1).max(SETTING_DESCRIPTION_MAX_LENGTH);

/** At most one translation per locale. */
function oneTranslationPerLocale(translations: readonly { Locale: string }[]): boolean {
  return new Set(translations.map((t) => t.Locale)).size === translations.length;
}

/** A newsletter list's name in a locale other than English. */
export const NewsletterListTranslationSchema = z.object({
  Locale: TranslationLocaleSchema,
  Name: SettingName,
});

/** One newsletter list as the console shows it: English name, translations, players opted in. */
export const AdminNewsletterListSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Translations: z.array(NewsletterListTranslationSchema),
  OptInCount: z.number().int(),
});
export type AdminNewsletterList = z.infer<typeof AdminNewsletterListSchema>;

/** GET admin/newsletter-lists: every list, by id. */
export const AdminNewsletterListsResponseSchema = z.object({ Lists: z.array(AdminNewsletterListSchema) });
export type AdminNewsletterListsResponse = z.infer<typeof AdminNewsletterListsResponseSchema>;

/**
 * POST admin/newsletter-lists and PUT admin/newsletter-lists/{id}: the English name (unique) and the
 * translations (each locale at most once; the list's translations become exactly these).
 */
export const AdminNewsletterListRequestSchema = z.object({
  Name: SettingName,
  Translations: z
    .array(NewsletterListTranslationSchema)
    .max(TRANSLATION_LOCALES.length)
    .refine(oneTranslationPerLocale, { message: 'One translation per locale' })
    .default([]),
});
export type AdminNewsletterListRequest = z.input<typeof AdminNewsletterListRequestSchema>;

/** A cookie category's name and description in a locale other than English. */
export const CookieCategoryTranslationSchema = z.object({
  Locale: TranslationLocaleSchema,
  Name: SettingName,
  Description: SettingDescription,
});

/**
 * One cookie category as the console shows it (spec §3 Cookie category): English name and description
 * (`Name` is the CanonicalName of GET cookie), IsActive, IsOptional (false: necessary, always accepted),
 * translations.
 */
export const AdminCookieCategorySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  IsActive: z.boolean(),
  IsOptional: z.boolean(),
  Translations: z.array(CookieCategoryTranslationSchema),
});
export type AdminCookieCategory = z.infer<typeof AdminCookieCategorySchema>;

/** GET admin/cookie-categories: every category, by id. */
export const AdminCookieCategoriesResponseSchema = z.object({
  Categories: z.array(AdminCookieCategorySchema),
});
export type AdminCookieCategoriesResponse = z.infer<typeof AdminCookieCategoriesResponseSchema>;

/** POST admin/cookie-categories and PUT admin/cookie-categories/{id}: the category's texts and flags. */
export const AdminCookieCategoryRequestSchema = z.object({
  Name: SettingName,
  Description: SettingDescription,
  IsActive: z.boolean(),
  IsOptional: z.boolean(),
  Translations: z
    .array(CookieCategoryTranslationSchema)
    .max(TRANSLATION_LOCALES.length)
    .refine(oneTranslationPerLocale, { message: 'One translation per locale' })
    .default([]),
});
export type AdminCookieCategoryRequest = z.input<typeof AdminCookieCategoryRequestSchema>;
