/**
 * Single-use expiring links sent by e-mail (DESIGN.md §5): a random 256-bit token goes into the
 * link, the store (`email_tokens`, through the single-use token store, issue 20 §3) keeps its SHA-256
 * with purpose, expiry and use. Consuming is atomic: of two concurrent uses exactly one succeeds.
 */
import type { Kysely } from 'kysely';
import type { ErrorCode } from '@guildgate/contracts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { isoIn, isoNow } from '../../lib/time.ts';
import {
  claimToken,
  deleteTokensOf,
  findToken,
  issueToken,
  spendTokensOf,
  tokenStatus,
  type SingleUseTokenKind,
} from '../single-use-tokens/index.ts';

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

/**
 * How e-mail links are stored (single-use-tokens): `email_tokens`, by `token_hash`, of one `purpose`
 * when given (every lookup then adds it), owned by `user_id`.
 */
function emailLinkKind(purpose?: LinkPurpose): SingleUseTokenKind<'email_tokens'> {
  return {
    table: 'email_tokens',
    hashColumn: 'token_hash',
    expiresColumn: 'expires_at',
    usedColumn: 'used_at',
    playerColumn: 'user_id',
    ...(purpose === undefined ? {} : { scope: { column: 'purpose', value: purpose } }),
  };
}

/** Creates a link token for `userId`, valid `ttlMs` ms; returns the token (to put in the URL). */
export async function createLink(
  db: Kysely<Database>,
  userId: number,
  purpose: LinkPurpose,
  ttlMs: number,
  payload: Record<string, unknown> | null = null,
): Promise<string> {
  return issueToken(db, emailLinkKind(purpose), {
    user_id: userId,
    purpose,
    payload: payload ? JSON.stringify(payload) : null,
    created_at: isoNow(),
    expires_at: isoIn(ttlMs),
    used_at: null,
  });
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
  const kind = emailLinkKind(purpose);
  const row = await findToken(db, kind, token);
  if (!row) throw badRequest(codes.notExists, property);
  const status = tokenStatus(kind, row);
  if (status.used) throw badRequest(codes.notExists, property);
  if (status.expired) throw badRequest(codes.expired, property);
  return {
    id: row.id,
    userId: row.user_id,
    payload: row.payload ? (JSON.parse(row.payload) as Record<string, unknown>) : null,
  };
}

/**
 * Uses the link `token` of `purpose` once (an atomic claim: of two concurrent uses exactly one
 * succeeds).
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
  const claimed = await claimToken(db, emailLinkKind(purpose), token);
  if (!claimed) throw badRequest(codes.notExists, property);
  return { userId: link.userId, payload: link.payload };
}

/** Marks every unused link of `purpose` of player `userId` as used (a newer one replaces them). */
export async function invalidateLinks(
  db: Kysely<Database>,
  userId: number,
  purpose: LinkPurpose,
): Promise<void> {
  await spendTokensOf(db, emailLinkKind(purpose), userId);
}

/**
 * Deletes every e-mail link of player `userId`, whatever its purpose or state, inside deletion's
 * transaction `trx` (spec §4 Deletion; issue 20 §4: the email-address module's part of erasing a player,
 * table `email_tokens`).
 */
export async function deleteEmailLinksOf(trx: Kysely<Database>, userId: number): Promise<void> {
  await deleteTokensOf(trx, emailLinkKind(), userId);
}
