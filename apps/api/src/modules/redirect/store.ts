/**
 * The store of the redirect allow-list (spec §1 Single sign-on; DESIGN.md §5): `redirect_patterns`,
 * one pattern per row (reference data, seeded).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every allowed redirect pattern, in id order. */
export async function redirectPatternRows(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('redirect_patterns').select('pattern').orderBy('id').execute();
  return rows.map((r) => r.pattern);
}
