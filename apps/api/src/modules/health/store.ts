/**
 * The store side of the health probes (DESIGN.md §8): the one query the readiness probe sends to the
 * database. It reads no table.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Sends `select 1` to the store.
 * @throws the store's error when it cannot be reached
 */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
