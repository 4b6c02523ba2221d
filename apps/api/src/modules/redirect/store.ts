/**
 * The store of the redirect allow-list (spec §1 Single sign-on; DESIGN.md §5): `redirect_patterns`,
 * one pattern per row (reference data, seeded from the configuration; added and removed in the operator
 * console, issue 24 §3). Every function takes `db`, which may be the caller's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored pattern: its id and text. */
export interface RedirectPatternRow {
  id: number;
  pattern: string;
}

/** Every allowed redirect pattern, in id order. */
export async function redirectPatternRows(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('redirect_patterns').select('pattern').orderBy('id').execute();
  return rows.map((r) => r.pattern);
}

/** At most `limit` patterns in id order, those with an id above `afterId` when given. */
export async function redirectPatternPage(
  db: Kysely<Database>,
  query: { afterId?: number | undefined; limit: number },
): Promise<RedirectPatternRow[]> {
  let rows = db.selectFrom('redirect_patterns').select(['id', 'pattern']);
  if (query.afterId !== undefined) rows = rows.where('id', '>', query.afterId);
  return rows.orderBy('id').limit(query.limit).execute();
}

/** Pattern `id`, if stored. */
export async function findRedirectPattern(
  db: Kysely<Database>,
  id: number,
): Promise<RedirectPatternRow | undefined> {
  return db.selectFrom('redirect_patterns').select(['id', 'pattern']).where('id', '=', id).executeTakeFirst();
}

/** Stores `pattern` unless it is already stored (the column is unique). @returns its row, or undefined when it was there */
export async function insertRedirectPattern(
  db: Kysely<Database>,
  pattern: string,
): Promise<RedirectPatternRow | undefined> {
  return db
    .insertInto('redirect_patterns')
    .values({ pattern })
    .onConflict((oc) => oc.column('pattern').doNothing())
    .returning(['id', 'pattern'])
    .executeTakeFirst();
}

/** Deletes pattern `id`. */
export async function deleteRedirectPatternRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('redirect_patterns').where('id', '=', id).execute();
}
