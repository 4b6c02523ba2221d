/**
 * Single-use expiring links sent by e-mail (DESIGN.md §5): a random 256-bit token goes into the
 * link, the store keeps its SHA-256 with purpose, expiry and use. Consuming is atomic: of two
 * concurrent uses exactly one succeeds.
 */
import type { Kysely } from 'kysely';
import type { ErrorCode } from '@guildgate/contracts';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoIn, isoNow } from '../../lib/time.ts';

/**
 * The address of SPA page `path` with `query`, built from PUBLIC_URL, never from the request's Host
 * (DESIGN.md §5), e.g. `pageUrl(ctx, '/confirm-email', { uid })`.
 */
export function pageUrl(
  ctx: { config: { publicUrl: string } },
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(path, ctx.config.publicUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** What a link is for. */
export type LinkPurpose = 'register' | 'email_update_confirm' | 'email_update_recovery' | 'password_recovery';

/** The codes a consumer reports for an unknown/used and for an expired link (spec §8). */
export interface LinkCodes {
  notExists: ErrorCode;
  expired: ErrorCode;
}

/** Creates a link token for `userId`, valid `ttlMs` ms; returns the token (to put in the URL). */
export async function createLink(
  db: Kysely<Database>,
  userId: number,
  purpose: LinkPurpose,
  ttlMs: number,
  payload: Record<string, unknown> | null = null,
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('email_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: sha256(token),
      payload: payload ? JSON.stringify(payload) : null,
      created_at: isoNow(),
      expires_at: isoIn(ttlMs),
      used_at: null,
    })
    .execute();
  return token;
}

/** A usable link: its row id, user id and payload. */
export interface UsableLink {
  id: number;
  userId: number;
  payload: Record<string, unknown> | null;
}

/**
 * Finds the usable link `token` of `purpose` without using it (e.g. to check a form first).
 * @throws 400 `codes.notExists` (unknown, other purpose, already used) or `codes.expired`
 */
export async function findLink(
  db: Kysely<Database>,
  token: string,
  purpose: LinkPurpose,
  codes: LinkCodes,
  property = '',
): Promise<UsableLink> {
  if (!token) throw badRequest(codes.notExists, property);
  const row = await db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || row.used_at !== null) throw badRequest(codes.notExists, property);
  if (row.expires_at <= isoNow()) throw badRequest(codes.expired, property);
  return {
    id: row.id,
    userId: row.user_id,
    payload: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : null,
  };
}

/**
 * Uses the link `token` of `purpose` once.
 * @returns the link's user id and payload
 * @throws 400 `codes.notExists` (unknown, other purpose, already used) or `codes.expired`
 */
export async function consumeLink(
  db: Kysely<Database>,
  token: string,
  purpose: LinkPurpose,
  codes: LinkCodes,
  property = '',
): Promise<{ userId: number; payload: Record<string, unknown> | null }> {
  const link = await findLink(db, token, purpose, codes, property);
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: isoNow() })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw badRequest(codes.notExists, property);
  return { userId: link.userId, payload: link.payload };
}

/** Marks every unused link of `purpose` of player `userId` as used (a newer one replaces them). */
export async function invalidateLinks(
  db: Kysely<Database>,
  userId: number,
  purpose: LinkPurpose,
): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: isoNow() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
