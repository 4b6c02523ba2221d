/**
 * The operator console's platform settings (issue 24 §3; contracts admin-settings.ts; docs/operations.md
 * "Staff and the operator console"), on each module's own code: access keys (modules/access-key, the
 * code of `npm run access-keys`), banned IP ranges (modules/bans, the code of `npm run bans`),
 * newsletter lists (modules/newsletter lists.ts) and cookie categories (modules/cookies categories.ts).
 * Every change is one transaction with its staff audit event (modules/audit `auditStaffAction`, no
 * player as target: the event's changes name the setting); the audit never holds an access key.
 * Everything is read from the store at every call, so a change applies at once on every node.
 */
import { stringify } from 'csv-stringify/sync';
import {
  ACCESS_KEYS_CSV_COLUMNS,
  ADMIN_PAGE,
  CONSENT_CATEGORY_NAMES,
  isTranslationLocale,
  type AccessKeyState,
  type AdminAccessKey,
  type AdminAccessKeysGenerateRequest,
  type AdminAccessKeysGenerateResponse,
  type AdminAccessKeysResponse,
  type AdminAccessKeysRevokeRequest,
  type AdminCookieCategory,
  type AdminIpBan,
  type AdminIpBanRequest,
  type AdminNewsletterList,
  type ErrorCode,
  type StaffAuditType,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursors.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import {
  accessKeyHash,
  createAccessKeyBatch,
  listAccessKeys,
  revokeAccessKeys,
  type AccessKeyListRow,
  type AccessKeySelection,
} from '../access-key/index.ts';
import { findUsersById } from '../accounts/index.ts';
import { auditStaffAction, type StaffFieldChange } from '../audit/index.ts';
import {
  banIp,
  findIpBan,
  findIpBanOfRange,
  formatIpRange,
  ipInRanges,
  liftIpBan,
  listIpBans,
  parseIpRange,
  type IpBanRow,
} from '../bans/index.ts';
import {
  cookieCategoryDetails,
  cookieCategoryNameTaken,
  removeCookieCategory,
  saveCookieCategory,
  type CookieCategoryDetail,
} from '../cookies/index.ts';
import {
  newsletterListDetails,
  newsletterListNameTaken,
  removeNewsletterList,
  saveNewsletterList,
  type NewsletterListDetail,
} from '../newsletter/index.ts';
import type { StaffCaller } from './guard.ts';

type Ctx = Pick<AppContext, 'db'>;

/** Records the platform change `type` by `caller` from `ip` with `changes`, through `trx`. */
function auditSetting(
  trx: Kysely<Database>,
  caller: StaffCaller,
  type: StaffAuditType,
  changes: readonly StaffFieldChange[],
  ip: string,
): Promise<void> {
  return auditStaffAction(trx, {
    type,
    actor: { kind: 'staff', userId: caller.userId },
    targetUserId: null,
    changes,
    ip,
  });
}

/** The fields whose value differs between `before` (null: created) and `after` (null: removed). */
function changesBetween(
  before: Readonly<Record<string, string | null>> | null,
  after: Readonly<Record<string, string | null>> | null,
): StaffFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field) => {
    const from = before?.[field] ?? null;
    const to = after?.[field] ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
}

// ---------------------------------------------------------------------------------------------------
// Access keys

/** The state of a listed key at `now` (ISO 8601): used, else revoked, else expired, else unused. */
function keyState(row: AccessKeyListRow, now: string): AccessKeyState {
  if (row.used_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return 'unused';
}

/** `rows` as the console shows them, with the players who used them (null once deleted). */
async function describeKeys(
  ctx: Ctx,
  rows: readonly AccessKeyListRow[],
  now: string,
): Promise<AdminAccessKey[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.used_by_user_id === null ? [] : [r.used_by_user_id])))];
  const users = new Map((await findUsersById(ctx.db, ids)).map((u) => [u.id, u]));
  return rows.map((row) => {
    const user = row.used_by_user_id === null ? undefined : users.get(row.used_by_user_id);
    return {
      Id: row.id,
      Batch: row.note,
      State: keyState(row, now),
      CreatedAt: row.created_at,
      ExpiresAt: row.expires_at,
      UsedAt: row.used_at,
      UsedBy: user ? { Id_User: user.id_user, Username: user.username } : null,
      RevokedAt: row.revoked_at,
    };
  });
}

/**
 * GET admin/access-keys: a page of keys, newest first, optionally only those in `state`. The store keeps
 * each key's SHA-256 only: the keys themselves are never listed.
 * @param query `limit` (1…{@link ADMIN_PAGE}.max), the previous page's `cursor`, `state`
 * @throws 400 ERROR_CURSOR_INVALID on `cursor`
 */
export async function accessKeysPage(
  ctx: Ctx,
  query: { limit: number; cursor?: string | undefined; state?: AccessKeyState | undefined },
): Promise<AdminAccessKeysResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const now = isoNow();
  const rows = await listAccessKeys(ctx.db, {
    state: query.state,
    now,
    after: after ? { createdAt: after.createdAt, id: after.id } : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    Keys: await describeKeys(ctx, page, now),
    NextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/**
 * POST admin/access-keys: generates `Count` keys with the batch label and validity, in one transaction
 * with the audit event `staff.access_keys_generated` (count, batch, expiry — never the keys).
 * @returns the keys, shown only now
 */
export async function generateAccessKeys(
  ctx: Ctx,
  caller: StaffCaller,
  body: AdminAccessKeysGenerateRequest,
  ip: string,
): Promise<AdminAccessKeysGenerateResponse> {
  const batch = body.Batch ?? null;
  return ctx.db.transaction().execute(async (trx) => {
    const { keys, expiresAt } = await createAccessKeyBatch(trx, body.Count, {
      note: batch,
      expiresInDays: body.ExpiresInDays ?? null,
    });
    await auditSetting(
      trx,
      caller,
      'staff.access_keys_generated',
      changesBetween(null, { count: String(keys.length), batch, expires_at: expiresAt }),
      ip,
    );
    return { Keys: keys, Batch: batch, ExpiresAt: expiresAt };
  });
}

/**
 * POST admin/access-keys/revoke: revokes the unused keys named by `Keys`, `Ids` or `Batch`, in one
 * transaction with the audit event `staff.access_keys_revoked` (how many, and the batch when named by
 * it — never the keys). A revoked key is then refused at validation and registration.
 * @returns how many keys were revoked (those already used or revoked, and unknown ones, are not)
 */
export async function revokeKeys(
  ctx: Ctx,
  caller: StaffCaller,
  body: AdminAccessKeysRevokeRequest,
  ip: string,
): Promise<{ Revoked: number }> {
  let selection: AccessKeySelection;
  if (body.Keys) selection = { hashes: [...new Set(body.Keys.map(accessKeyHash))] };
  else if (body.Ids) selection = { ids: [...new Set(body.Ids)] };
  else selection = { note: body.Batch ?? '' };
  return ctx.db.transaction().execute(async (trx) => {
    const revoked = await revokeAccessKeys(trx, selection, isoNow());
    await auditSetting(
      trx,
      caller,
      'staff.access_keys_revoked',
      changesBetween(null, { count: String(revoked), batch: body.Batch ?? null }),
      ip,
    );
    return { Revoked: revoked };
  });
}

/** Keys read per query while exporting. */
const EXPORT_PAGE = 1000;

/**
 * GET admin/access-keys/export: every key (optionally only those in `state`) as CSV, the columns of
 * ACCESS_KEYS_CSV_COLUMNS, newest first, with the header row; cells that a spreadsheet would run as a
 * formula (starting with = + - @ tab CR) are prefixed by ' (csv-stringify `escape_formulas`). Read in
 * one transaction with the audit event `staff.access_keys_exported` (how many rows, which state).
 * @returns the CSV text (UTF-8)
 */
export async function exportAccessKeysCsv(
  ctx: Ctx,
  caller: StaffCaller,
  query: { state?: AccessKeyState | undefined },
  ip: string,
): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = isoNow();
    const keys: AdminAccessKey[] = [];
    for (let after: { createdAt: string; id: number } | undefined; ;) {
      const rows = await listAccessKeys(trx, { state: query.state, now, after, limit: EXPORT_PAGE });
      keys.push(...(await describeKeys({ db: trx }, rows, now)));
      const last = rows.at(-1);
      if (rows.length < EXPORT_PAGE || !last) break;
      after = { createdAt: last.created_at, id: last.id };
    }
    await auditSetting(
      trx,
      caller,
      'staff.access_keys_exported',
      changesBetween(null, { count: String(keys.length), state: query.state ?? null }),
      ip,
    );
    return stringify(
      keys.map((k) => [
        k.Id,
        k.Batch,
        k.State,
        k.CreatedAt,
        k.ExpiresAt,
        k.UsedAt,
        k.UsedBy?.Id_User ?? null,
        k.UsedBy?.Username ?? null,
        k.RevokedAt,
      ]),
      { header: true, columns: [...ACCESS_KEYS_CSV_COLUMNS], escape_formulas: true },
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// Banned IP ranges

/** A ban as the console shows it. */
function describeBan(row: IpBanRow): AdminIpBan {
  return {
    Id: row.id,
    Range: row.cidr,
    Reason: row.reason,
    CreatedAt: row.created_at,
    ExpiresAt: row.expires_at,
  };
}

/** GET admin/ip-bans: every ban, newest first (expired ones included). */
export async function ipBans(ctx: Ctx): Promise<{ Bans: AdminIpBan[] }> {
  return { Bans: (await listIpBans(ctx.db)).map(describeBan) };
}

/** A ban's audited fields. */
function banFields(row: IpBanRow | undefined): Record<string, string | null> | null {
  return row ? { range: row.cidr, reason: row.reason, expires_at: row.expires_at } : null;
}

/**
 * POST admin/ip-bans: bans the address or range `Range` (bans `banIp`, as `npm run bans -- ip ban`:
 * parsed and normalised to `address/prefix`; a range already banned gets the new reason and expiry), in
 * one transaction with the audit event `staff.ip_ban_added`. The guards read bans from the store at
 * every call: it applies at once on every node.
 * @param ip the caller's address, which the range must not contain
 * @throws 400 on `Range`: ERROR_IP_BAN_RANGE_INVALID (not an address or CIDR range),
 *   ERROR_IP_BAN_RANGE_EVERYONE (prefix 0: every address), ERROR_IP_BAN_OWN_ADDRESS (holds `ip`)
 */
export async function addIpBan(
  ctx: Ctx,
  caller: StaffCaller,
  body: AdminIpBanRequest,
  ip: string,
): Promise<AdminIpBan> {
  const range = parseIpRange(body.Range);
  if (!range) throw badRequest('ERROR_IP_BAN_RANGE_INVALID', 'Range');
  if (range.prefix === 0) throw badRequest('ERROR_IP_BAN_RANGE_EVERYONE', 'Range');
  if (ipInRanges(ip, [range])) throw badRequest('ERROR_IP_BAN_OWN_ADDRESS', 'Range');
  const cidr = formatIpRange(range);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findIpBanOfRange(trx, cidr);
    await banIp(trx, cidr, { reason: body.Reason || null, days: body.Days ?? null });
    const after = await findIpBanOfRange(trx, cidr);
    // Just written in this transaction.
    if (!after) throw notFound();
    await auditSetting(
      trx,
      caller,
      'staff.ip_ban_added',
      changesBetween(banFields(before), banFields(after)),
      ip,
    );
    return describeBan(after);
  });
}

/**
 * DELETE admin/ip-bans/{id}: lifts ban `id` (bans `liftIpBan`, as `npm run bans -- ip lift`), in one
 * transaction with the audit event `staff.ip_ban_removed`; at once on every node.
 * @throws 404 ERROR_NOT_FOUND when there is no ban `id`
 */
export async function removeIpBan(ctx: Ctx, caller: StaffCaller, id: number, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const ban = await findIpBan(trx, id);
    if (!ban || !(await liftIpBan(trx, ban.cidr))) throw notFound();
    await auditSetting(trx, caller, 'staff.ip_ban_removed', changesBetween(banFields(ban), null), ip);
  });
}

// ---------------------------------------------------------------------------------------------------
// Newsletter lists and cookie categories

/** Runs `write`, answering a unique violation on the name (a concurrent save took it) as 400 `code` on `Name`. */
async function nameChecked<T>(code: ErrorCode, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(code, 'Name');
    throw error;
  }
}

/** A list as the console shows it. */
function describeList(list: NewsletterListDetail): AdminNewsletterList {
  return {
    Id: list.id,
    Name: list.name,
    // A stored translation in a locale the contracts no longer know is not shown.
    Translations: list.translations.flatMap((t) =>
      isTranslationLocale(t.locale) ? [{ Locale: t.locale, Name: t.name }] : [],
    ),
    OptInCount: list.optIns,
  };
}

/** A list's audited fields: the English name and one `name_<locale>` per translation. */
function listFields(list: NewsletterListDetail | undefined): Record<string, string | null> | null {
  if (!list) return null;
  return {
    name: list.name,
    ...Object.fromEntries(list.translations.map((t) => [`name_${t.locale}`, t.name])),
  };
}

/** GET admin/newsletter-lists: every list by id, with translations and opt-in counts. */
export async function newsletterLists(ctx: Ctx): Promise<{ Lists: AdminNewsletterList[] }> {
  return { Lists: (await newsletterListDetails(ctx.db)).map(describeList) };
}

/**
 * POST admin/newsletter-lists (`id` null) and PUT admin/newsletter-lists/{id}: creates or changes a
 * list and replaces its translations, in one transaction with the audit event
 * `staff.newsletter_list_saved` (the fields that changed). Players see it in their next GET newsletter.
 * @throws 400 ERROR_NEWSLETTER_LIST_NAME_TAKEN on `Name`; 404 ERROR_NOT_FOUND when there is no list `id`
 */
export async function saveList(
  ctx: Ctx,
  caller: StaffCaller,
  id: number | null,
  body: { Name: string; Translations: { Locale: string; Name: string }[] },
  ip: string,
): Promise<AdminNewsletterList> {
  return nameChecked('ERROR_NEWSLETTER_LIST_NAME_TAKEN', () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = id === null ? undefined : (await newsletterListDetails(trx, id)).at(0);
      if (id !== null && !before) throw notFound();
      if (await newsletterListNameTaken(trx, body.Name, id))
        throw badRequest('ERROR_NEWSLETTER_LIST_NAME_TAKEN', 'Name');
      const savedId = await saveNewsletterList(trx, id, {
        name: body.Name,
        translations: body.Translations.map((t) => ({ locale: t.Locale, name: t.Name })),
      });
      const after = savedId === null ? undefined : (await newsletterListDetails(trx, savedId)).at(0);
      if (!after) throw notFound();
      await auditSetting(
        trx,
        caller,
        'staff.newsletter_list_saved',
        [
          { field: 'list', from: before ? String(before.id) : null, to: String(after.id) },
          ...changesBetween(listFields(before), listFields(after)),
        ],
        ip,
      );
      return describeList(after);
    }),
  );
}

/**
 * DELETE admin/newsletter-lists/{id}: removes list `id`, its translations and its opt-ins (players left
 * on no list lose their general consent), in one transaction with the audit event
 * `staff.newsletter_list_removed` (its name and how many opt-ins went).
 * @throws 404 ERROR_NOT_FOUND when there is no list `id`
 */
export async function removeList(ctx: Ctx, caller: StaffCaller, id: number, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await newsletterListDetails(trx, id)).at(0);
    const removed = before ? await removeNewsletterList(trx, id) : null;
    if (!before || removed === null) throw notFound();
    await auditSetting(
      trx,
      caller,
      'staff.newsletter_list_removed',
      [
        { field: 'list', from: String(id), to: null },
        ...changesBetween(listFields(before), null),
        { field: 'opt_ins', from: String(removed), to: null },
      ],
      ip,
    );
  });
}

/** A category as the console shows it. */
function describeCategory(category: CookieCategoryDetail): AdminCookieCategory {
  return {
    Id: category.id,
    Name: category.name,
    Description: category.description,
    IsActive: category.isActive,
    IsOptional: category.isOptional,
    Translations: category.translations.flatMap((t) =>
      isTranslationLocale(t.locale) ? [{ Locale: t.locale, Name: t.name, Description: t.description }] : [],
    ),
  };
}

/** A category's audited fields. */
function categoryFields(category: CookieCategoryDetail | undefined): Record<string, string | null> | null {
  if (!category) return null;
  return {
    name: category.name,
    description: category.description,
    is_active: String(category.isActive),
    is_optional: String(category.isOptional),
    ...Object.fromEntries(
      category.translations.flatMap((t) => [
        [`name_${t.locale}`, t.name],
        [`description_${t.locale}`, t.description],
      ]),
    ),
  };
}

/** The English names of the categories that drive a consent cookie (spec §9; the SPA finds them by name). */
const CONSENT_NAMES: readonly string[] = Object.values(CONSENT_CATEGORY_NAMES);

/** GET admin/cookie-categories: every category by id, with translations. */
export async function cookieCategories(ctx: Ctx): Promise<{ Categories: AdminCookieCategory[] }> {
  return { Categories: (await cookieCategoryDetails(ctx.db)).map(describeCategory) };
}

/**
 * POST admin/cookie-categories (`id` null) and PUT admin/cookie-categories/{id}: creates or changes a
 * category and replaces its translations, in one transaction with the audit event
 * `staff.cookie_category_saved`. Players see it in their next GET cookie. Spec §4: a necessary category
 * (always accepted) stays necessary; spec §9: the analytics and marketing categories, which the SPA
 * finds by their English name to write consent_analytics and consent_marketing, keep that name and stay
 * optional (consent must stay a choice).
 * @throws 400 ERROR_COOKIE_CATEGORY_NAME_TAKEN on `Name`, ERROR_COOKIE_CATEGORY_NECESSARY on
 *   `IsOptional`, ERROR_COOKIE_CATEGORY_CONSENT_COOKIE on `Name` or `IsOptional`; 404 ERROR_NOT_FOUND
 */
export async function saveCategory(
  ctx: Ctx,
  caller: StaffCaller,
  id: number | null,
  body: {
    Name: string;
    Description: string;
    IsActive: boolean;
    IsOptional: boolean;
    Translations: { Locale: string; Name: string; Description: string }[];
  },
  ip: string,
): Promise<AdminCookieCategory> {
  return nameChecked('ERROR_COOKIE_CATEGORY_NAME_TAKEN', () =>
    ctx.db.transaction().execute(async (trx) => {
      const before = id === null ? undefined : (await cookieCategoryDetails(trx, id)).at(0);
      if (id !== null && !before) throw notFound();
      if (before && !before.isOptional && body.IsOptional)
        throw badRequest('ERROR_COOKIE_CATEGORY_NECESSARY', 'IsOptional');
      if (before && CONSENT_NAMES.includes(before.name)) {
        if (body.Name !== before.name) throw badRequest('ERROR_COOKIE_CATEGORY_CONSENT_COOKIE', 'Name');
        if (!body.IsOptional) throw badRequest('ERROR_COOKIE_CATEGORY_CONSENT_COOKIE', 'IsOptional');
      }
      if (await cookieCategoryNameTaken(trx, body.Name, id))
        throw badRequest('ERROR_COOKIE_CATEGORY_NAME_TAKEN', 'Name');
      const savedId = await saveCookieCategory(trx, id, {
        name: body.Name,
        description: body.Description,
        isActive: body.IsActive,
        isOptional: body.IsOptional,
        translations: body.Translations.map((t) => ({
          locale: t.Locale,
          name: t.Name,
          description: t.Description,
        })),
      });
      const after = savedId === null ? undefined : (await cookieCategoryDetails(trx, savedId)).at(0);
      if (!after) throw notFound();
      await auditSetting(
        trx,
        caller,
        'staff.cookie_category_saved',
        [
          { field: 'category', from: before ? String(before.id) : null, to: String(after.id) },
          ...changesBetween(categoryFields(before), categoryFields(after)),
        ],
        ip,
      );
      return describeCategory(after);
    }),
  );
}

/**
 * DELETE admin/cookie-categories/{id}: removes category `id`, its translations and the players' choices
 * on it, in one transaction with the audit event `staff.cookie_category_removed`.
 * @throws 400 ERROR_COOKIE_CATEGORY_NECESSARY (a necessary category), ERROR_COOKIE_CATEGORY_CONSENT_COOKIE
 *   (the analytics or marketing category); 404 ERROR_NOT_FOUND
 */
export async function removeCategory(ctx: Ctx, caller: StaffCaller, id: number, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await cookieCategoryDetails(trx, id)).at(0);
    if (!before) throw notFound();
    if (!before.isOptional) throw badRequest('ERROR_COOKIE_CATEGORY_NECESSARY');
    if (CONSENT_NAMES.includes(before.name)) throw badRequest('ERROR_COOKIE_CATEGORY_CONSENT_COOKIE');
    const choices = await removeCookieCategory(trx, id);
    await auditSetting(
      trx,
      caller,
      'staff.cookie_category_removed',
      [
        { field: 'category', from: String(id), to: null },
        ...changesBetween(categoryFields(before), null),
        { field: 'choices', from: String(choices), to: null },
      ],
      ip,
    );
  });
}
