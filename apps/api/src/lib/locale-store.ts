/**
 * Interim store of lib/locale.ts: the one query it makes, reading a player's saved locale
 * (`users.locale`, migration 0016). `users` belongs to the accounts module, which another helper is
 * creating in parallel (issue 20 §2); at merge this query is replaced by accounts' player lookup (from
 * `modules/accounts/index.ts`) and this file goes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// --- locale's users query (moved to accounts at merge) ---

/** The stored `users.locale` of player `userId` (internal users.id); null when unset, undefined when no such player. */
export async function storedLocaleOf(
  db: Kysely<Database>,
  userId: number,
): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale;
}
