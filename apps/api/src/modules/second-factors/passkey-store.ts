/**
 * Passkey store (migration 0024): `passkeys` and `webauthn_challenges`. Queries only; the rules are in
 * webauthn.ts and passkeys.ts. `db` may be a transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable, WebauthnChallengesTable } from '../../db/schema.ts';

/** A stored passkey. */
export type PasskeyRow = Selectable<PasskeysTable>;

/** The player's passkeys, oldest first. */
export function listPasskeys(db: Kysely<Database>, userId: number): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** How many passkeys the player has. */
export async function countPasskeys(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The passkey of credential id `credentialId` (base64url), whoever's, or undefined. */
export function findPasskeyByCredentialId(
  db: Kysely<Database>,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

/** Stores a new passkey. */
export async function insertPasskey(
  db: Kysely<Database>,
  row: Omit<PasskeyRow, 'last_used_at' | 'sign_count'> & { sign_count: number },
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({ ...row, last_used_at: null })
    .execute();
}

/** Renames the player's passkey `id`. @returns whether it was theirs */
export async function renamePasskey(
  db: Kysely<Database>,
  userId: number,
  id: string,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the player's passkey `id`. @returns whether it was theirs */
export async function deletePasskey(db: Kysely<Database>, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Records a verified use of passkey `id`: its new counter and `last_used_at` — only if the counter is
 * still `before` (atomic: of two simultaneous uses of one assertion, one finds the counter moved).
 * @returns whether it was recorded
 */
export async function recordPasskeyUse(
  db: Kysely<Database>,
  id: string,
  before: number,
  after: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ sign_count: after, last_used_at: now })
    .where('id', '=', id)
    .where('sign_count', '=', before)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the player's passkeys and their challenges (erasure). */
export async function deletePasskeysOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/** Stores a challenge handed out, and deletes the expired ones (of anyone) before `now`. */
export async function insertChallenge(
  db: Kysely<Database>,
  row: Omit<Selectable<WebauthnChallengesTable>, 'used_at'>,
): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<', row.created_at).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

/**
 * Consumes the live, unused challenge of digest `hash` for `purpose` (atomic: a second use finds it used).
 * @returns the challenge's row, or undefined when unknown, used, expired or of another purpose
 */
export async function consumeChallenge(
  db: Kysely<Database>,
  hash: string,
  purpose: string,
  now: string,
): Promise<Selectable<WebauthnChallengesTable> | undefined> {
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: now })
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return undefined;
  return db
    .selectFrom('webauthn_challenges')
    .selectAll()
    .where('challenge_hash', '=', hash)
    .executeTakeFirst();
}
