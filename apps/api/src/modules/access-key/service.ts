/**
 * Access keys (spec §2 /access-key and /register "when access-key registration is on, a non-empty
 * access key must be held"; §7 POST accesskey/validate {Value}; §8 ACCESS_KEY_NON_EXISTANT,
 * ACCESS_KEY_ALREADY_USED). A key is a random secret shown once when an operator creates it
 * (access-key-cli.ts); the store keeps its SHA-256. Validating only looks; registering consumes the
 * key in the registration's own transaction with an atomic claim (single-use-tokens), so of two
 * registrations with one key exactly one succeeds. An admin may revoke unused keys in the console (issue
 * 24 §3; `revoked_at`, migration 0029): a revoked key is then refused as an unknown one.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ErrorCode } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { badRequest } from '../../lib/errors.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { claimToken, findToken, tokenHash, tokenStatus } from '../single-use-tokens/index.ts';
import { ACCESS_KEY_KIND, forgetKeyUser, insertAccessKeys } from './store.ts';

/** Crockford base32 (no I, L, O, U): easy to read out and type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new key: `GG-` and four groups of four base32 characters (80 random bits). */
export function generateAccessKey(): string {
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => ALPHABET[b % 32]).join('');
  return `GG-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12, 16)}`;
}

/** The form a key is compared in: trimmed, upper case (typed keys may differ in case). */
export function normalizeAccessKey(value: string): string {
  return value.trim().toUpperCase();
}

/** What the store keeps of key `value` (as typed or handed out): the SHA-256 (hex) of its normalized form. */
export function accessKeyHash(value: string): string {
  return tokenHash(normalizeAccessKey(value));
}

/**
 * Creates `count` keys (valid `expiresInDays` days, or without expiry) with an operator `note` (the
 * batch label), through `db` (pass a transaction to tie them to what else it writes).
 * @returns the keys, to hand out (they are not kept), and their expiry (ISO 8601; null: none)
 */
export async function createAccessKeyBatch(
  db: Kysely<Database>,
  count: number,
  options: { note?: string | null; expiresInDays?: number | null } = {},
): Promise<{ keys: string[]; expiresAt: string | null }> {
  const keys = Array.from({ length: count }, generateAccessKey);
  const now = isoNow();
  const expires = options.expiresInDays ? isoIn(options.expiresInDays * DAY_MS) : null;
  await insertAccessKeys(
    db,
    keys.map((key) => ({
      key_hash: accessKeyHash(key),
      note: options.note ?? null,
      created_at: now,
      expires_at: expires,
      used_at: null,
      used_by_user_id: null,
    })),
  );
  return { keys, expiresAt: expires };
}

/**
 * Creates `count` keys (valid `expiresInDays` days, or without expiry) with an operator `note`
 * ({@link createAccessKeyBatch}; the operator command's).
 * @returns the keys, to hand out; they are not kept
 */
export async function createAccessKeys(
  db: Kysely<Database>,
  count: number,
  options: { note?: string | null; expiresInDays?: number | null } = {},
): Promise<string[]> {
  return (await createAccessKeyBatch(db, count, options)).keys;
}

/** Why `value` cannot be used (null: it can), without using it. */
export async function accessKeyError(db: Kysely<Database>, value: string): Promise<ErrorCode | null> {
  const key = normalizeAccessKey(value);
  if (!key) return 'ERROR_ACCESS_KEY_NON_EXISTANT';
  const row = await findToken(db, ACCESS_KEY_KIND, key);
  if (!row) return 'ERROR_ACCESS_KEY_NON_EXISTANT';
  const status = tokenStatus(ACCESS_KEY_KIND, row);
  // A revoked key (issue 24 §3) is refused as one that does not exist, unless it was used before.
  if (!status.used && row.revoked_at !== null) return 'ERROR_ACCESS_KEY_NON_EXISTANT';
  if (status.expired) return 'ERROR_ACCESS_KEY_NON_EXISTANT';
  return status.used ? 'ERROR_ACCESS_KEY_ALREADY_USED' : null;
}

/**
 * POST accesskey/validate: is `value` a key registration may use?
 * @throws AppError 400 Value ERROR_ACCESS_KEY_NON_EXISTANT / ERROR_ACCESS_KEY_ALREADY_USED; general
 *   ERROR_NOT_ALLOWED when access-key registration is off
 */
export async function validateAccessKey(ctx: AppContext, value: string): Promise<void> {
  if (!ctx.config.features.registerWithAccessKeys) throw badRequest('ERROR_NOT_ALLOWED');
  const error = await accessKeyError(ctx.db, value);
  if (error) throw badRequest(error, 'Value');
}

/**
 * Uses key `value` for the new player `userId`, inside the registration transaction `trx`.
 * @throws AppError 400 AccessKeyValue ERROR_ACCESS_KEY_ALREADY_USED (a concurrent registration won) /
 *   ERROR_ACCESS_KEY_NON_EXISTANT (unknown, expired or revoked) — the caller's transaction then rolls back
 */
export async function consumeAccessKey(trx: Kysely<Database>, value: string, userId: number): Promise<void> {
  const claimed = await claimToken(trx, ACCESS_KEY_KIND, normalizeAccessKey(value), {
    also: { used_by_user_id: userId },
  });
  // A revoked key is claimed by the generic claim but refused here: the caller's transaction rolls the
  // claim back. (A revocation waits for a concurrent claim's row lock and then skips the used key.)
  if (claimed && claimed.revoked_at === null) return;
  if (claimed) throw badRequest('ERROR_ACCESS_KEY_NON_EXISTANT', 'AccessKeyValue');
  throw badRequest((await accessKeyError(trx, value)) ?? 'ERROR_ACCESS_KEY_ALREADY_USED', 'AccessKeyValue');
}

/**
 * The access-key module's part of erasing a player (spec §4 Deletion; issue 20 §4): the keys they used
 * stay used but no longer name them.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'access-key',
  tables: ['access_keys'],
  async deletePlayerData(trx, player) {
    await forgetKeyUser(trx, player.id);
  },
};
