/**
 * The operator console's dashboard and reports (issue 24 §3 "deletion types and the reasons given
 * (counts)", "survey answers exported as CSV", §4 "A dashboard"; contracts admin-reports.ts;
 * docs/operations.md "Staff and the operator console"), behind the staff guard (guard.ts):
 * - {@link dashboard} (GET admin/dashboard): counts per UTC day from the audit trail — one grouped query
 *   per source (the players' audit events by type, the links by provider, the staff trail's
 *   confirmations), served by the index `audit_events_type_created` (migration 0027);
 * - {@link deletionReasons} (GET admin/deletion-reasons): the deletion types with their counts and the
 *   free-text reasons by pages, from the unlinked `deletion_feedback` (no player is named);
 * - {@link exportSurvey} (GET admin/survey/export): the survey answers as CSV (csv-stringify), read by
 *   pages of {@link SURVEY_EXPORT_PAGE} and streamed, so a million responses never sit in memory;
 *   formula cells neutralised (OWASP "CSV Injection"); audited `staff.survey_exported`.
 * Times are ISO 8601 UTC text on both stores (lib/time.ts), so a UTC day is the time's first ten
 * characters on SQLite and PostgreSQL alike.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import {
  ADMIN_PAGE,
  DEFAULT_LOCALE,
  LINK_PROVIDERS,
  SURVEY_EXPORT_COLUMNS,
  type DashboardLinks,
  type DashboardResponse,
  type DeletionReasonsResponse,
  type LinkProvider,
  type SurveyExportColumn,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursors.ts';
import { DAY_MS } from '../../lib/time.ts';
import {
  auditStaffAction,
  countEventsPerDay,
  countLinksPerDay,
  countStaffEventsPerDay,
} from '../audit/index.ts';
import { countDeletionFeedback, deletionTypeRows, findDeletionReasons } from '../deletion/index.ts';
import {
  countSurveyResponses,
  surveyResponsesPage,
  type StoredSurveyAnswers,
  type SurveyResponseRow,
} from '../survey/index.ts';
import type { StaffCaller } from '../staff/index.ts';

/** The dashboard's series read from the players' audit trail, each with the event types it counts. */
const EVENT_SERIES = {
  Registrations: ['register.created', 'register.partner_created'],
  Confirmations: ['email.confirmed'],
  LogIns: ['session.created'],
  FailedLogIns: ['login.failed', 'login.second_factor_failed'],
  Locks: ['login.throttled'],
  Deletions: ['account.deleted'],
} as const satisfies Record<string, readonly string[]>;
type EventSeries = keyof typeof EVENT_SERIES;

/** Confirmations support marked in the console (the staff trail), counted with the players' own. */
const STAFF_CONFIRMATION = 'staff.player_email_confirmed';

/** The dashboard's name of each provider (contracts `DashboardLinks`). */
const LINK_SERIES: Readonly<Record<LinkProvider, keyof DashboardLinks>> = {
  steam: 'Steam',
  twitch: 'Twitch',
  'epic-games': 'EpicGames',
};

/**
 * The last `days` UTC days, oldest first, today (by `now`) last, as `YYYY-MM-DD`.
 * @param now ms since the epoch
 */
export function lastDays(days: number, now: number): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * GET admin/dashboard: registrations, confirmations, log-ins, failed log-ins, locks, links per provider
 * and deletions per UTC day for the last `days` days, today included (contracts
 * `DashboardResponseSchema`: every series as long as `Days`, zero-filled). Three grouped queries.
 * @param days 1 to contracts `DASHBOARD_DAYS.max` (the route's query schema checks it)
 */
export async function dashboard(ctx: Pick<AppContext, 'db'>, days: number): Promise<DashboardResponse> {
  const Days = lastDays(days, Date.now());
  const index = new Map(Days.map((day, i) => [day, i]));
  const since = `${Days[0] ?? ''}T00:00:00.000Z`;
  const zeros = () => Days.map(() => 0);
  /** Adds `count` to `series` on `day` (a day outside the span — a clock ahead — is left out). */
  const add = (series: number[], day: string, count: number) => {
    const at = index.get(day);
    if (at !== undefined) series[at] = (series[at] ?? 0) + count;
  };

  const seriesOfType = new Map<string, EventSeries>(
    (Object.entries(EVENT_SERIES) as [EventSeries, readonly string[]][]).flatMap(([name, types]) =>
      types.map((type) => [type, name] as const),
    ),
  );
  const [events, links, staffConfirmations] = await Promise.all([
    countEventsPerDay(ctx.db, { types: [...seriesOfType.keys()], since }),
    countLinksPerDay(ctx.db, { providers: LINK_PROVIDERS, since }),
    countStaffEventsPerDay(ctx.db, { types: [STAFF_CONFIRMATION], since }),
  ]);

  const counts: Record<EventSeries, number[]> = {
    Registrations: zeros(),
    Confirmations: zeros(),
    LogIns: zeros(),
    FailedLogIns: zeros(),
    Locks: zeros(),
    Deletions: zeros(),
  };
  for (const row of events) {
    const name = seriesOfType.get(row.type);
    if (name) add(counts[name], row.day, row.count);
  }
  for (const row of staffConfirmations) add(counts.Confirmations, row.day, row.count);
  const Links: DashboardLinks = { Steam: zeros(), Twitch: zeros(), EpicGames: zeros() };
  for (const row of links) {
    const name = LINK_SERIES[row.provider as LinkProvider] as keyof DashboardLinks | undefined;
    if (name) add(Links[name], row.day, row.count);
  }
  return { Days, Series: { ...counts, Links } };
}

/**
 * GET admin/deletion-reasons: every deletion type (labels in the default locale, seeded order) with how
 * many deletions gave it, how many skipped the reason, how many gave a free text, and a page of those
 * texts, newest first. Names no player (the feedback is kept unlinked, spec §4 Deletion).
 * @param query `limit` (1…{@link ADMIN_PAGE}.max) and the previous page's `cursor`
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function deletionReasons(
  ctx: Pick<AppContext, 'db'>,
  query: { limit: number; cursor?: string | undefined },
): Promise<DeletionReasonsResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const [types, counts, rows] = await Promise.all([
    deletionTypeRows(ctx.db, DEFAULT_LOCALE),
    countDeletionFeedback(ctx.db),
    findDeletionReasons(ctx.db, { ...(after ? { after } : {}), limit: limit + 1 }),
  ]);
  const byType = new Map(counts.map((c) => [c.typeId, c]));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    Deletions: counts.reduce((sum, c) => sum + c.count, 0),
    Skipped: byType.get(null)?.count ?? 0,
    Types: types.map((type) => ({
      Id: type.id,
      Description: type.translated ?? type.description,
      IsOther: type.is_other === 1,
      Count: byType.get(type.id)?.count ?? 0,
    })),
    WithText: counts.reduce((sum, c) => sum + c.withText, 0),
    Reasons: page.map((row) => ({
      Id: String(row.id),
      DeletionReason: row.reason ?? '',
      At: row.created_at,
    })),
    NextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

/** Responses read per query of the survey export (the rest waits in the store, not in memory). */
export const SURVEY_EXPORT_PAGE = 500;

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * `value` safe to open in a spreadsheet: prefixed with `'` when it begins with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (OWASP "CSV Injection"), else unchanged.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One answer as a CSV cell: lists joined by `;`, yes/no as `true`/`false`, nothing as empty. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => cell(v)).join(';');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The CSV record of one response (contracts `SURVEY_EXPORT_COLUMNS`; an unreadable answers JSON: none). */
function surveyRecord(row: SurveyResponseRow): Record<SurveyExportColumn, string> {
  let answers: Partial<StoredSurveyAnswers> = {};
  try {
    const parsed = JSON.parse(row.answers) as Partial<StoredSurveyAnswers> | null;
    if (parsed && typeof parsed === 'object') answers = parsed;
  } catch {
    // Stored by the survey service as JSON; a row that is not is exported without its answers.
  }
  const own: Partial<Record<SurveyExportColumn, unknown>> = {
    ...answers,
    Id_User: row.id_user,
    Username: row.username,
    SteamId: row.steam_id,
    SubmittedAt: row.submitted_at,
    UpdatedAt: row.updated_at,
  };
  return Object.fromEntries(SURVEY_EXPORT_COLUMNS.map((column) => [column, cell(own[column])])) as Record<
    SurveyExportColumn,
    string
  >;
}

/** Every response, page after page of {@link SURVEY_EXPORT_PAGE}, as CSV records. */
async function* surveyRecords(
  ctx: Pick<AppContext, 'db'>,
): AsyncGenerator<Record<SurveyExportColumn, string>> {
  let afterUserId: number | undefined;
  for (;;) {
    const page = await surveyResponsesPage(ctx.db, {
      ...(afterUserId === undefined ? {} : { afterUserId }),
      limit: SURVEY_EXPORT_PAGE,
    });
    for (const row of page) yield surveyRecord(row);
    const last = page.at(-1);
    if (page.length < SURVEY_EXPORT_PAGE || !last) return;
    afterUserId = last.user_id;
  }
}

/** The survey export as a file: its name, the rows counted when it started, and the CSV stream. */
export interface SurveyExport {
  /** `guildgate-survey-YYYY-MM-DD.csv` (UTC date). */
  fileName: string;
  rows: number;
  /** UTF-8 CSV: the header row, then one row per response (CRLF line ends, RFC 4180). */
  csv: Readable;
}

/**
 * GET admin/survey/export: records the export in the staff audit trail (`staff.survey_exported`, no
 * target, no changes, details `{ rows }` — the responses counted as it starts; written before any
 * answer leaves), then streams every response as CSV, read by pages of {@link SURVEY_EXPORT_PAGE}.
 * A store failure after the first bytes ends the download early (logged as an error); the file is then
 * short. A client that goes away stops the reading (logged as info).
 * @param ip the request's address, for the audit event
 */
export async function exportSurvey(
  ctx: Pick<AppContext, 'db' | 'log'>,
  caller: StaffCaller,
  ip: string,
): Promise<SurveyExport> {
  const rows = await countSurveyResponses(ctx.db);
  await auditStaffAction(ctx.db, {
    type: 'staff.survey_exported',
    actor: { kind: 'staff', userId: caller.userId },
    targetUserId: null,
    changes: [],
    details: { rows },
    ip,
  });
  const csv = stringify({
    header: true,
    columns: [...SURVEY_EXPORT_COLUMNS],
    record_delimiter: 'windows',
    cast: { string: neutraliseFormula },
  });
  pipeline(Readable.from(surveyRecords(ctx)), csv).catch((error: unknown) => {
    // The client going away ends the stream early (its reading stops there): no failure of ours.
    if ((error as { code?: unknown } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE')
      ctx.log.info('survey export cut short by the client');
    else ctx.log.error({ err: error }, 'survey export failed');
  });
  return { fileName: `guildgate-survey-${new Date().toISOString().slice(0, 10)}.csv`, rows, csv };
}
