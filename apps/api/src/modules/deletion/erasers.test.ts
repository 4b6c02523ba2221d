/**
 * The erasers of account deletion (spec §4 Deletion; issue 20 §4) against the real schema: a store is
 * migrated to the latest version and its tables are read from the catalogue, so a table added by a later
 * migration is checked too. Every table is either erased by some module's eraser or listed below as
 * holding no player data (with the reason); a table that refers to a player (`users` itself, or a
 * `user_id` / `*_user_id` column) must have an eraser. The accounts eraser, which deletes the `users`
 * row, runs last.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { ACCOUNTS_MODULE, orderedForDeletion, PLAYER_DATA_ERASERS } from './erasers.ts';

/**
 * The tables that hold no player data, each with why. A new table goes either here or into the
 * `tables` of the eraser of the module that owns it.
 */
const TABLES_WITHOUT_PLAYER_DATA: Readonly<Partial<Record<keyof Database, string>>> = {
  // Reference data, seeded: the same for every player.
  redirect_patterns: 'the redirect allow-list',
  oauth_clients: 'the OAuth clients (partner sites, the hub)',
  cookie_categories: 'the cookie categories',
  cookie_category_translations: "the cookie categories' translations",
  newsletter_lists: 'the newsletter lists',
  newsletter_list_translations: "the newsletter lists' translations",
  deletion_types: 'the deletion reasons',
  deletion_type_translations: "the deletion reasons' translations",
  connection_providers: 'the linkable providers (steam, twitch, epic-games)',
  // Operational data that names no player.
  signing_keys: "the API's own token signing keys",
  banned_ips: 'banned addresses and ranges, entered by operators',
  rate_limits: 'counters keyed by purpose and address or id, expiring on their own',
  deletion_feedback: 'the feedback deletion keeps on purpose: reason type and text, unlinked from the player',
  partner_sign_ons:
    'a partner sign-on in progress: no player id column (a new player is created from it, not linked to it); short-lived',
};

/** A column that refers to a player by internal id. */
const PLAYER_COLUMN = /(^|_)user_id$/;

/** The tables of the migrated `store` and their columns (Kysely's own tables left out). */
async function schemaTables(store: Store): Promise<Map<string, string[]>> {
  const tables = await store.db.introspection.getTables();
  return new Map(
    tables.filter((t) => !t.name.startsWith('kysely_')).map((t) => [t.name, t.columns.map((c) => c.name)]),
  );
}

/** Table → the modules whose erasers name it. */
function erasedTables(erasers: readonly PlayerDataEraser[]): Map<string, string[]> {
  const erased = new Map<string, string[]>();
  for (const eraser of erasers)
    for (const table of eraser.tables) erased.set(table, [...(erased.get(table) ?? []), eraser.module]);
  return erased;
}

/**
 * The problems of `erasers` against `tables`: a table neither erased nor listed as without player data,
 * a player table without an eraser, a table both erased and listed, an eraser naming a table that does
 * not exist.
 */
function coverageProblems(tables: Map<string, string[]>, erasers: readonly PlayerDataEraser[]): string[] {
  const erased = erasedTables(erasers);
  const problems: string[] = [];
  for (const [table, columns] of tables) {
    const listed = table in TABLES_WITHOUT_PLAYER_DATA;
    const playerColumns = columns.filter((c) => PLAYER_COLUMN.test(c));
    if (!erased.has(table) && !listed)
      problems.push(`${table}: no eraser, and not listed as without player data`);
    if (listed && (table === 'users' || playerColumns.length > 0))
      problems.push(
        `${table}: listed as without player data, but refers to a player (${playerColumns.join(', ')})`,
      );
    if (listed && erased.has(table)) problems.push(`${table}: both erased and listed as without player data`);
  }
  for (const table of erased.keys())
    if (!tables.has(table)) problems.push(`${table}: erased but not in the schema`);
  return problems;
}

describe('the erasers of account deletion against the migrated schema', () => {
  let dir: string;
  let store: Store;
  let tables: Map<string, string[]>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-erasers-'));
    store = openStore(`sqlite:${path.join(dir, 'store.sqlite')}`);
    await migrateToLatest(store);
    tables = await schemaTables(store);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the tables that refer to a player', () => {
    // The detection itself: these tables are known to name a player.
    const referring = [...tables]
      .filter(([, columns]) => columns.some((c) => PLAYER_COLUMN.test(c)))
      .map(([t]) => t);
    expect(referring).toEqual(
      expect.arrayContaining(['sessions', 'email_tokens', 'blocks', 'access_keys', 'link_states']),
    );
  });

  it('covers every table: erased by a module, or listed as holding no player data', () => {
    expect(coverageProblems(tables, PLAYER_DATA_ERASERS)).toEqual([]);
  });

  it('fails when a module holding player data has no eraser', () => {
    for (const eraser of PLAYER_DATA_ERASERS) {
      const without = PLAYER_DATA_ERASERS.filter((e) => e !== eraser);
      const problems = coverageProblems(tables, without);
      for (const table of eraser.tables)
        expect(problems, `without ${eraser.module}`).toContain(
          `${table}: no eraser, and not listed as without player data`,
        );
    }
  });

  it('erases each table in one module only, and names each module once', () => {
    const shared = [...erasedTables(PLAYER_DATA_ERASERS)].filter(([, modules]) => modules.length > 1);
    expect(shared).toEqual([]);
    const modules = PLAYER_DATA_ERASERS.map((e) => e.module);
    expect(new Set(modules).size).toBe(modules.length);
  });

  it('runs the accounts eraser, which deletes the users row, last', () => {
    expect(PLAYER_DATA_ERASERS.at(-1)?.module).toBe(ACCOUNTS_MODULE);
    expect(PLAYER_DATA_ERASERS.at(-1)?.tables).toContain('users');
    const [first, ...others] = PLAYER_DATA_ERASERS;
    const accountsFirst = [PLAYER_DATA_ERASERS.at(-1)!, first, ...others.slice(0, -1)];
    expect(orderedForDeletion(accountsFirst).map((e) => e.module)).toEqual(
      PLAYER_DATA_ERASERS.map((e) => e.module),
    );
  });
});
