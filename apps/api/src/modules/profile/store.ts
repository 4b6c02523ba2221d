/**
 * The profile's reads of other modules' tables (spec §3 User.Blocks, Connection), kept here until the
 * owners export them (issue 20 §2): the blocks module owns `blocks`, linking owns
 * `connection_providers` and `user_connections`. Profile owns no table of its own; its `users`
 * queries go through the accounts module.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A player that player `userId` blocks: public id, username, avatar path. */
export interface BlockedPlayerRow {
  id_user: string;
  username: string;
  avatar_url: string;
}

/** The players that player `userId` (internal users.id) blocks, by username. */
export function findBlockedPlayers(db: Kysely<Database>, userId: number): Promise<BlockedPlayerRow[]> {
  return db
    .selectFrom('blocks')
    .innerJoin('users as blocked', 'blocked.id', 'blocks.blocked_user_id')
    .select(['blocked.id_user', 'blocked.username', 'blocked.avatar_url'])
    .where('blocks.user_id', '=', userId)
    .orderBy('blocked.username')
    .execute();
}

/** One connection provider with player's link, if any (the link's columns are null without one). */
export interface ProviderConnectionRow {
  id: number;
  canonical_name: string;
  name: string;
  icon: string;
  account_id: string | null;
  connect_name: string | null;
  avatar: string | null;
  last_check: string | null;
}

/** Every connection provider, by id, with player `userId`'s link where one exists. */
export function findProviderConnections(
  db: Kysely<Database>,
  userId: number,
): Promise<ProviderConnectionRow[]> {
  return db
    .selectFrom('connection_providers as p')
    .leftJoin('user_connections as c', (join) =>
      join.onRef('c.provider_id', '=', 'p.id').on('c.user_id', '=', userId),
    )
    .select([
      'p.id',
      'p.canonical_name',
      'p.name',
      'p.icon',
      'c.account_id',
      'c.connect_name',
      'c.avatar',
      'c.last_check',
    ])
    .orderBy('p.id')
    .execute();
}
