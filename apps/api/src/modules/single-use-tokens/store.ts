/**
 * The one store of single-use tokens (DESIGN.md §5 "single-use, expiring, hashed secrets"; issue 20
 * §3): e-mail links (`email_tokens`), provider link states (`link_states`), partner sign-on states,
 * registrations and log-in tickets (`partner_sign_ons`), refresh tokens (`refresh_tokens`) and access keys (`access_keys`).
 *
 * The token itself is shown once (in a link, a redirect, a response); the store keeps only its SHA-256
 * (lib/crypto.ts `sha256`, hex). Each kind is described by a {@link SingleUseTokenKind}: its table, hash
 * column, expiry column and "used" column, and optionally a fixed scope (`purpose`, `provider`). A token
 * is usable while its used column is NULL and its expiry is NULL (access keys without expiry) or later
 * than now.
 *
 * Claiming is atomic on SQLite and PostgreSQL alike: one conditional
 * `UPDATE … SET used = now WHERE hash = ? AND used IS NULL AND (expires IS NULL OR expires > now)
 * RETURNING *` — of concurrent claims exactly one gets the row back (PostgreSQL re-checks the WHERE of a
 * row a concurrent transaction changed; SQLite has one writer). Run it in the caller's transaction
 * (`db` may be a `trx`) to tie the claim to what it grants.
 *
 * The variants that truly differ keep their own logic in their module, built on these functions:
 * refresh tokens (session store/service: rotation, reuse detection that revokes the session, a sealed
 * successor within a grace interval), authorization codes (sso: a replayed code revokes the session its
 * first exchange opened, so the row is read in every state), and `partner_sign_ons`, one row that is
 * three kinds in turn (state, registration, ticket) sharing one expiry.
 */
import type { Kysely, Selectable, Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';

/** The tables that hold single-use tokens. */
export type TokenTable =
  'email_tokens' | 'link_states' | 'partner_sign_ons' | 'refresh_tokens' | 'access_keys';

/** A column name of table `T`. */
export type ColumnOf<T extends TokenTable> = keyof Database[T] & string;

/** How one kind of single-use token is stored. */
export interface SingleUseTokenKind<T extends TokenTable, H extends ColumnOf<T> = ColumnOf<T>> {
  table: T;
  /** The column holding the token's SHA-256 (hex). */
  hashColumn: H;
  /** The column holding the expiry (ISO 8601 UTC; NULL = never expires). */
  expiresColumn: ColumnOf<T>;
  /** The column set (ISO 8601 UTC) when the token is used; NULL while unused. */
  usedColumn: ColumnOf<T>;
  /** The column naming the player the token belongs to, if any (erasure, invalidation). */
  playerColumn?: ColumnOf<T>;
  /** A fixed condition every lookup adds, e.g. `{ column: 'purpose', value: 'register' }`. */
  scope?: { column: ColumnOf<T>; value: string };
}

/** A stored row of kind `T`. */
export type TokenRow<T extends TokenTable> = Selectable<Database[T]>;

/** The schema as the generic queries see it: any table of rows of unknown columns. */
type LooseDatabase = Record<string, Record<string, unknown>>;

/** `db` seen loosely: the kind's columns are checked by {@link SingleUseTokenKind}'s types instead. */
function loose(db: Kysely<Database>): Kysely<LooseDatabase> {
  return db as unknown as Kysely<LooseDatabase>;
}

/** A kind's table and columns as plain names, for {@link loose} queries. */
function namesOf<T extends TokenTable>(kind: SingleUseTokenKind<T>) {
  const names: {
    table: string;
    hash: string;
    expires: string;
    used: string;
    player: string | undefined;
    scope: { column: string; value: string } | undefined;
  } = {
    table: kind.table,
    hash: kind.hashColumn,
    expires: kind.expiresColumn,
    used: kind.usedColumn,
    player: kind.playerColumn,
    scope: kind.scope,
  };
  return names;
}

/** The SHA-256 (hex) a token is stored as. */
export function tokenHash(token: string): string {
  return sha256(token);
}

/**
 * A token as a lookup names it: in clear (hashed here), or by its stored hash when the caller only has
 * the row it read before (e.g. a pending link, a code being exchanged).
 */
export type TokenRef = string | { hash: string };

/** The stored hash of `ref`. */
function hashOf(ref: TokenRef): string {
  return typeof ref === 'string' ? tokenHash(ref) : ref.hash;
}

/**
 * Stores a new token of `kind` with the row's other `values` and returns it in clear (to show once).
 * @param token the token to store; default 256 random bits, base64url (43 characters)
 */
export async function issueToken<T extends TokenTable, H extends ColumnOf<T>>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T, H>,
  values: Omit<Insertable<Database[T]>, H>,
  token: string = randomToken(32),
): Promise<string> {
  const k = namesOf(kind);
  await loose(db)
    .insertInto(k.table)
    .values({ ...(values as Record<string, unknown>), [k.hash]: tokenHash(token) })
    .execute();
  return token;
}

/** The row of `token` of `kind` in whatever state (used, expired), or undefined when unknown. */
export async function findToken<T extends TokenTable>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T>,
  token: TokenRef,
): Promise<TokenRow<T> | undefined> {
  const k = namesOf(kind);
  let query = loose(db).selectFrom(k.table).selectAll().where(k.hash, '=', hashOf(token));
  if (k.scope) query = query.where(k.scope.column, '=', k.scope.value);
  return (await query.executeTakeFirst()) as TokenRow<T> | undefined;
}

/**
 * The row of `token` of `kind` when it is usable — unused and unexpired at `now` — else undefined.
 * @param now ISO 8601 UTC (default: now)
 */
export async function findUsableToken<T extends TokenTable>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T>,
  token: TokenRef,
  now: string = isoNow(),
): Promise<TokenRow<T> | undefined> {
  const k = namesOf(kind);
  let query = loose(db)
    .selectFrom(k.table)
    .selectAll()
    .where(k.hash, '=', hashOf(token))
    .where(k.used, 'is', null)
    .where((eb) => eb.or([eb(k.expires, 'is', null), eb(k.expires, '>', now)]));
  if (k.scope) query = query.where(k.scope.column, '=', k.scope.value);
  return (await query.executeTakeFirst()) as TokenRow<T> | undefined;
}

/** Whether a stored token is used and whether it is expired at `now` (ISO 8601 UTC; default now). */
export function tokenStatus<T extends TokenTable>(
  kind: SingleUseTokenKind<T>,
  row: TokenRow<T>,
  now: string = isoNow(),
): { used: boolean; expired: boolean } {
  const fields = row as Record<string, unknown>;
  const expires = fields[kind.expiresColumn] as string | null;
  return { used: fields[kind.usedColumn] !== null, expired: expires !== null && expires <= now };
}

/**
 * Claims `token` of `kind` once, atomically (see the module's docstring): marks it used at `now` and
 * sets `also` on the same row.
 * @param options.now the use's time, ISO 8601 UTC (default now)
 * @param options.also further columns to set with the claim (e.g. the player who used an access key)
 * @returns the claimed row (as updated), or undefined when it is unknown, used (maybe by a concurrent
 *   claim), expired, or out of the kind's scope
 */
export async function claimToken<T extends TokenTable>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T>,
  token: TokenRef,
  options: { now?: string; also?: Partial<Insertable<Database[T]>> } = {},
): Promise<TokenRow<T> | undefined> {
  const now = options.now ?? isoNow();
  const k = namesOf(kind);
  let query = loose(db)
    .updateTable(k.table)
    .set({ ...(options.also as Record<string, unknown> | undefined), [k.used]: now })
    .where(k.hash, '=', hashOf(token))
    .where(k.used, 'is', null)
    .where((eb) => eb.or([eb(k.expires, 'is', null), eb(k.expires, '>', now)]));
  if (k.scope) query = query.where(k.scope.column, '=', k.scope.value);
  return (await query.returningAll().executeTakeFirst()) as TokenRow<T> | undefined;
}

/**
 * Marks every unused token of `kind` (within its scope) of player `playerId` used, e.g. when a newer
 * link replaces them.
 * @throws Error when the kind has no `playerColumn`
 */
export async function spendTokensOf<T extends TokenTable>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T>,
  playerId: number,
  now: string = isoNow(),
): Promise<void> {
  const k = namesOf(kind);
  let query = loose(db)
    .updateTable(k.table)
    .set({ [k.used]: now })
    .where(requirePlayerColumn(kind), '=', playerId)
    .where(k.used, 'is', null);
  if (k.scope) query = query.where(k.scope.column, '=', k.scope.value);
  await query.execute();
}

/**
 * Deletes every token of `kind` of player `playerId`, whatever its scope (account deletion, spec §4).
 * @throws Error when the kind has no `playerColumn`
 */
export async function deleteTokensOf<T extends TokenTable>(
  db: Kysely<Database>,
  kind: SingleUseTokenKind<T>,
  playerId: number,
): Promise<void> {
  await loose(db).deleteFrom(namesOf(kind).table).where(requirePlayerColumn(kind), '=', playerId).execute();
}

/** The kind's player column. @throws Error when it has none */
function requirePlayerColumn<T extends TokenTable>(kind: SingleUseTokenKind<T>): string {
  const { table, player } = namesOf(kind);
  if (!player) throw new Error(`single-use tokens of ${table} name no player`);
  return player;
}
