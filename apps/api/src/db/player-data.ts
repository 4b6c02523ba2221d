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

/** The player being exported (issue 22 §8): internal id (`users.id`, never exported) and public id. */
export type ExportedPlayer = ErasedPlayer;

/**
 * One module's part of "Download my data" (issue 22 §8; GDPR art. 15/20), beside its
 * {@link PlayerDataEraser}: the module reads its own tables through its own store and returns its
 * sections of the export document (contracts `PlayerDataSections`), never a secret (hash, token,
 * sealed value) nor an internal numeric id. modules/data-export/exporters.ts lists them; its test fails
 * when a table an eraser knows is neither exported by some exporter nor listed as holding nothing to
 * export.
 */
export interface PlayerDataExporter<S extends string = string> {
  /** The owning module's folder name, e.g. `survey`. */
  module: string;
  /** The tables whose rows about the player the sections come from. */
  tables: readonly (keyof Database)[];
  /**
   * Reads the player's data: the document's sections this module fills (keys `S`). Read-only; `db`
   * may be a transaction.
   */
  exportPlayerData(db: Kysely<Database>, player: ExportedPlayer): Promise<Record<S, unknown>>;
}
