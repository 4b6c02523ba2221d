/**
 * The "This wasn't me" links of the security alerts (issue 22 §6; DESIGN.md §5 single-use links): a
 * random 256-bit token in `/secure-account?token=…`, stored as its SHA-256 in `email_tokens` with the
 * purpose `secure_account` (single-use-tokens: atomic claim), valid SECURE_ACCOUNT_LINK_TTL_DAYS days, its
 * payload the address the alert was sent to. Erased with the player's other e-mail links
 * (email-address's eraser deletes every `email_tokens` row of the player, whatever its purpose).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import {
  claimToken,
  findToken,
  issueToken,
  tokenStatus,
  type SingleUseTokenKind,
} from '../single-use-tokens/index.ts';

/** The purpose of the links in `email_tokens`. */
export const SECURE_ACCOUNT_PURPOSE = 'secure_account';
/** The SPA page the link opens (apps/web features/secure-account). */
export const SECURE_ACCOUNT_PAGE = '/secure-account';

const KIND: SingleUseTokenKind<'email_tokens'> = {
  table: 'email_tokens',
  hashColumn: 'token_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'used_at',
  playerColumn: 'user_id',
  scope: { column: 'purpose', value: SECURE_ACCOUNT_PURPOSE },
};

/**
 * A new "This wasn't me" link for player `userId`, about an alert sent to `email`, written through
 * `db` (the transaction of the change the alert announces).
 * @returns the link's address (PUBLIC_URL + {@link SECURE_ACCOUNT_PAGE}?token=…)
 */
export async function createSecureAccountLink(
  ctx: Pick<AppContext, 'config'>,
  db: Kysely<Database>,
  userId: number,
  email: string,
): Promise<string> {
  const token = await issueToken(db, KIND, {
    user_id: userId,
    purpose: SECURE_ACCOUNT_PURPOSE,
    payload: JSON.stringify({ email }),
    created_at: isoNow(),
    expires_at: isoIn(ctx.config.secureAccountLinkTtlDays * DAY_MS),
    used_at: null,
  });
  const url = new URL(SECURE_ACCOUNT_PAGE, ctx.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** A claimed link: its player (users.id) and the address its alert went to. */
export interface ClaimedSecureAccountLink {
  userId: number;
  email: string | null;
}

/**
 * Uses the link `token` once (atomic claim through `db`: of two concurrent uses exactly one succeeds).
 * @throws AppError 400 general ERROR_SECURE_ACCOUNT_NOTEXISTS (unknown, other purpose, used) or
 *   ERROR_SECURE_ACCOUNT_EXPIRED
 */
export async function claimSecureAccountLink(
  db: Kysely<Database>,
  token: string,
): Promise<ClaimedSecureAccountLink> {
  const row = token ? await findToken(db, KIND, token) : undefined;
  if (!row) throw badRequest('ERROR_SECURE_ACCOUNT_NOTEXISTS');
  const status = tokenStatus(KIND, row);
  if (status.used) throw badRequest('ERROR_SECURE_ACCOUNT_NOTEXISTS');
  if (status.expired) throw badRequest('ERROR_SECURE_ACCOUNT_EXPIRED');
  if (!(await claimToken(db, KIND, token))) throw badRequest('ERROR_SECURE_ACCOUNT_NOTEXISTS');
  const payload = row.payload ? (JSON.parse(row.payload) as { email?: unknown }) : {};
  return { userId: row.user_id, email: typeof payload.email === 'string' ? payload.email : null };
}
