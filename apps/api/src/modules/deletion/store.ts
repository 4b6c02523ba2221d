/**
 * The store of account deletion (spec §3 Deletion type, §4 Deletion): the reasons `deletion_types` and
 * `deletion_type_translations` (reference data, seeded) and the unlinked `deletion_feedback` (reason type
 * and free text, no player id).
 */
import type { Locale } from '@guildgate/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every reason ordered by id, with its description in `locale` (`translated`, null without a translation). */
export function deletionTypeRows(
  db: Kysely<Database>,
  locale: Locale,
): Promise<{ id: number; description: string; is_other: number; translated: string | null }[]> {
  return db
    .selectFrom('deletion_types as d')
    .leftJoin('deletion_type_translations as t', (join) =>
      join.onRef('t.deletion_type_id', '=', 'd.id').on('t.locale', '=', locale),
    )
    .select(['d.id', 'd.description', 'd.is_other', 't.description as translated'])
    .orderBy('d.id')
    .execute();
}

/** The reason `id`, or undefined. */
export function findDeletionType(
  db: Kysely<Database>,
  id: number,
): Promise<Selectable<Database['deletion_types']> | undefined> {
  return db.selectFrom('deletion_types').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keeps one unlinked feedback row: reason type (null when skipped), free text (null), ISO time. */
export async function insertDeletionFeedback(
  db: Kysely<Database>,
  feedback: { typeId: number | null; reason: string | null; createdAt: string },
): Promise<void> {
  await db
    .insertInto('deletion_feedback')
    .values({ deletion_type_id: feedback.typeId, reason: feedback.reason, created_at: feedback.createdAt })
    .execute();
}

/**
 * How many deletions left feedback of each type (`typeId` null: the reason was skipped), and how many of
 * them gave a free text (issue 24 §3, GET admin/deletion-reasons): one grouped query over
 * `deletion_feedback` (one row per deleted account).
 */
export async function countDeletionFeedback(
  db: Kysely<Database>,
): Promise<{ typeId: number | null; count: number; withText: number }[]> {
  const rows = await db
    .selectFrom('deletion_feedback')
    .select((eb) => [
      'deletion_type_id',
      eb.fn.countAll<string | number>().as('count'),
      eb.fn.count<string | number>('reason').as('with_text'),
    ])
    .groupBy('deletion_type_id')
    .execute();
  return rows.map((row) => ({
    typeId: row.deletion_type_id,
    count: Number(row.count),
    withText: Number(row.with_text),
  }));
}

/** Where a page of free-text reasons starts: strictly older than this row (time, then id). */
export interface FeedbackPosition {
  createdAt: string;
  id: number;
}

/**
 * The free-text reasons of deletions (no player: the feedback is unlinked), newest first (time, then
 * id), strictly after `after` when given; at most `limit`. Served by the index
 * `deletion_feedback_created` (created_at, id; migration 0027).
 */
export function findDeletionReasons(
  db: Kysely<Database>,
  query: { after?: FeedbackPosition; limit: number },
): Promise<{ id: number; reason: string | null; created_at: string }[]> {
  let rows = db
    .selectFrom('deletion_feedback')
    .select(['id', 'reason', 'created_at'])
    .where('reason', 'is not', null);
  const after = query.after;
  if (after) {
    rows = rows.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}
