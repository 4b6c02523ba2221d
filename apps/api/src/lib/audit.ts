/**
 * Audit trail (DESIGN.md §5: every security-relevant action writes an event). Detail is JSON and
 * must never contain a secret (password, token, link).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isoNow } from './time.ts';

/**
 * Records `type` for `userId` (null when no account is involved).
 * @param ctx anything holding the store (a transaction works too)
 */
export async function audit(
  ctx: { db: Kysely<Database> },
  userId: number | null,
  type: string,
  ip: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await ctx.db
    .insertInto('audit_events')
    .values({ user_id: userId, type, ip, detail: JSON.stringify(detail), created_at: isoNow() })
    .execute();
}
