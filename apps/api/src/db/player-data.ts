/**
 * The contract of account deletion's erasers (spec §4 Deletion; issue 20 §4): every module that stores
 * player data exports one {@link PlayerDataEraser} from its `index.ts`; deletion calls them all inside its
 * one transaction, and a test compares the schema's tables with the erasers' `tables`.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The player being erased: internal id (`users.id`) and public id (`users.id_user`). */
export interface ErasedPlayer {
  id: number;
  idUser: string;
}

/** One module's part of erasing a player (issue 20 §4). */
export interface PlayerDataEraser {
  /** The owning module's folder name, e.g. `survey`. */
  module: string;
  /** The tables whose rows about the player this eraser deletes or scrubs. */
  tables: readonly (keyof Database)[];
  /**
   * Deletes or scrubs the player's rows, inside `trx` (deletion's one transaction). Runs before the
   * `users` row itself is deleted (the accounts eraser runs last).
   */
  deletePlayerData(trx: Kysely<Database>, player: ErasedPlayer): Promise<void>;
}
