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
