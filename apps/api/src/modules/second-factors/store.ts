/**
 * Second-factor store (migration 0023): `second_factors`, `recovery_codes`, `second_factor_tickets`.
 * Queries only; the rules are in enrolment.ts and login-step.ts. `db` may be a transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, SecondFactorsTable, SecondFactorTicketsTable } from '../../db/schema.ts';

/** The kind of the only factor so far: an authenticator app (RFC 6238). */
export const TOTP = 'totp';

/** What {@link secondFactorCounts} counts of one player. */
export interface SecondFactorCounts {
  /** Confirmed authenticator apps (0 or 1). */
  confirmedTotp: number;
  /** Passkeys (migration's `passkeys`). */
  passkeys: number;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

/**
 * The player's confirmed authenticator apps, passkeys and unused recovery codes, counted in one
 * statement (three scalar subqueries; each uses its table's `user_id` index): the log-in asks them all
 * at once.
 */
export async function secondFactorCounts(db: Kysely<Database>, userId: number): Promise<SecondFactorCounts> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('second_factors')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('kind', '=', TOTP)
        .where('confirmed_at', 'is not', null)
        .as('totp'),
      eb
        .selectFrom('passkeys')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .as('passkeys'),
      eb
        .selectFrom('recovery_codes')
        .select((sub) => sub.fn.countAll<string | number>().as('n'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .as('codes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    confirmedTotp: Number(row.totp),
    passkeys: Number(row.passkeys),
    recoveryCodesLeft: Number(row.codes),
  };
}

/** The player's authenticator app (pending or confirmed), or undefined. */
export function findTotp(
  db: Kysely<Database>,
  userId: number,
): Promise<Selectable<SecondFactorsTable> | undefined> {
  return db
    .selectFrom('second_factors')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', TOTP)
    .executeTakeFirst();
}

/** Replaces the player's authenticator app with a new pending one (sealed secret). */
export async function putPendingTotp(
  db: Kysely<Database>,
  userId: number,
  secretSealed: string,
  now: string,
): Promise<void> {
  await db.deleteFrom('second_factors').where('user_id', '=', userId).where('kind', '=', TOTP).execute();
  await db
    .insertInto('second_factors')
    .values({ user_id: userId, kind: TOTP, secret_sealed: secretSealed, created_at: now })
    .execute();
}

/**
 * Records `step` as the last accepted step of the player's app — only if it is later than the one
 * recorded (atomic: two requests with one code cannot both pass), and confirms a pending app.
 * @returns whether the step was recorded
 */
export async function acceptStep(
  db: Kysely<Database>,
  userId: number,
  step: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set((eb) => ({ last_used_step: step, confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
    .where('user_id', '=', userId)
    .where('kind', '=', TOTP)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the player's authenticator app (pending or confirmed). */
export async function deleteTotp(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('second_factors').where('user_id', '=', userId).where('kind', '=', TOTP).execute();
}

/** Deletes the player's second factors and recovery codes. */
export async function deleteSecondFactorsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('second_factors').where('user_id', '=', userId).execute();
}

/** Replaces the player's recovery codes with `hashes`. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: number,
  hashes: readonly string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** How many unused recovery codes the player has. */
export async function countRecoveryCodesLeft(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the player's unused code of digest `hash` used (atomic). @returns whether one was */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: number,
  hash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stores a new log-in ticket by its digest. */
export async function insertTicket(
  db: Kysely<Database>,
  row: { ticket_hash: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('second_factor_tickets').values(row).execute();
}

/** The ticket of digest `hash`, or undefined. */
export function findTicket(
  db: Kysely<Database>,
  hash: string,
): Promise<Selectable<SecondFactorTicketsTable> | undefined> {
  return db
    .selectFrom('second_factor_tickets')
    .selectAll()
    .where('ticket_hash', '=', hash)
    .executeTakeFirst();
}

/** Counts a wrong code on the unused ticket of digest `hash`. */
export async function countTicketFailure(db: Kysely<Database>, hash: string): Promise<void> {
  await db
    .updateTable('second_factor_tickets')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('ticket_hash', '=', hash)
    .execute();
}

/** Spends the unused ticket of digest `hash` (atomic). @returns whether it was unused */
export async function spendTicket(db: Kysely<Database>, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('second_factor_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the player's tickets (erasure) and the expired tickets of anyone before `now`. */
export async function deleteTicketsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('second_factor_tickets').where('user_id', '=', userId).execute();
}

/** Every stored authenticator-app secret: its player and sealed text (for `npm run keys`). */
export function listSealedSecrets(
  db: Kysely<Database>,
): Promise<Array<{ user_id: number; kind: string; secret_sealed: string }>> {
  return db.selectFrom('second_factors').select(['user_id', 'kind', 'secret_sealed']).execute();
}

/** Replaces a sealed secret, only if it is still `before` (a concurrent enrolment wins). */
export async function replaceSealedSecret(
  db: Kysely<Database>,
  row: { user_id: number; kind: string },
  before: string,
  after: string,
): Promise<void> {
  await db
    .updateTable('second_factors')
    .set({ secret_sealed: after })
    .where('user_id', '=', row.user_id)
    .where('kind', '=', row.kind)
    .where('secret_sealed', '=', before)
    .execute();
}
