/**
 * The store of the linking module (spec §3 Connection; §4 Linking a provider): the providers
 * (`connection_providers`), the players' connections (`user_connections`, unique per provider account)
 * and the pending links (`link_states`, single-use tokens kept as SHA-256 of their `state` handle).
 * Every function takes `db`, which may be the caller's transaction.
 */
import type { Insertable, Kysely } from 'kysely';
import type { LinkProvider } from '@guildgate/contracts';
import type { Database, LinkStatesTable, UserConnectionsTable } from '../../db/schema.ts';
import type { SingleUseTokenKind } from '../single-use-tokens/index.ts';

/**
 * How pending links are stored: `link_states` by `state_hash`, owned by `user_id`; of `provider` only
 * when given (every lookup then adds it).
 */
export function linkStateKind(provider?: LinkProvider): SingleUseTokenKind<'link_states'> {
  return {
    table: 'link_states',
    hashColumn: 'state_hash',
    expiresColumn: 'expires_at',
    usedColumn: 'used_at',
    playerColumn: 'user_id',
    ...(provider === undefined ? {} : { scope: { column: 'provider', value: provider } }),
  };
}

// ---- link_states -------------------------------------------------------------------------------

/** Deletes player `userId`'s pending links that expired before `now` or were used (housekeeping). */
export async function deleteSpentLinkStates(
  db: Kysely<Database>,
  userId: number,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('link_states')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)]))
    .execute();
}

/** Records an API-side redemption's outcome on the unused pending link `stateHash`. */
export async function updateLinkStateOutcome(
  db: Kysely<Database>,
  stateHash: string,
  outcome: Pick<Insertable<LinkStatesTable>, 'account_json' | 'error_code'>,
): Promise<void> {
  await db
    .updateTable('link_states')
    .set(outcome)
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .execute();
}

// ---- connection_providers, user_connections ----------------------------------------------------

/** The id of `provider` in `connection_providers` (reference data). @throws when it is missing */
export async function findProviderId(db: Kysely<Database>, provider: LinkProvider): Promise<number> {
  const row = await db
    .selectFrom('connection_providers')
    .select('id')
    .where('canonical_name', '=', provider)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The player holding provider account `accountId` of provider `providerId`, if any. */
export async function findConnectionHolder(
  db: Kysely<Database>,
  providerId: number,
  accountId: string,
): Promise<{ user_id: number } | undefined> {
  return db
    .selectFrom('user_connections')
    .select('user_id')
    .where('provider_id', '=', providerId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The account player `userId` linked at provider `providerId`, if any. */
export async function findConnectedAccount(
  db: Kysely<Database>,
  userId: number,
  providerId: number,
): Promise<{ account_id: string } | undefined> {
  return db
    .selectFrom('user_connections')
    .select('account_id')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

/** Deletes player `userId`'s connection of provider `providerId` (none: nothing happens). */
export async function deleteConnection(
  db: Kysely<Database>,
  userId: number,
  providerId: number,
): Promise<void> {
  await db
    .deleteFrom('user_connections')
    .where('user_id', '=', userId)
    .where('provider_id', '=', providerId)
    .execute();
}

/** Inserts a connection. @throws the store's unique violation when the account is linked already */
export async function insertConnection(
  db: Kysely<Database>,
  connection: Insertable<UserConnectionsTable>,
): Promise<void> {
  await db.insertInto('user_connections').values(connection).execute();
}

/** Deletes every connection of player `userId` (account deletion). */
export async function deleteConnectionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('user_connections').where('user_id', '=', userId).execute();
}

/** Player `userId`'s connections (issue 22 §8 export), with the provider's canonical name, oldest first. */
export function connectionsOfPlayer(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_connections as c')
    .innerJoin('connection_providers as p', 'p.id', 'c.provider_id')
    .select([
      'p.canonical_name',
      'c.account_id',
      'c.connect_name',
      'c.avatar',
      'c.last_check',
      'c.created_at',
    ])
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}
