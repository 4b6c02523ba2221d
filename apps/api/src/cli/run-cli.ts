/**
 * The shared frame of the operator commands in `src/cli/` (issue 20 §7; docs/operations.md): a usage
 * error, and running a command against the node's store (configuration from the environment, as the
 * node reads it: `DATABASE_URL`, docs/configuration.md; pending migrations applied first).
 */
import { loadConfig, type AppConfig } from '../config/config.ts';
import { migrateToLatest, openStore, type Store } from '../db/database.ts';

/** Prints `usage` on stderr and exits with code 2 (the commands' "bad usage"). */
export function exitWithUsage(...usage: string[]): never {
  for (const line of usage) console.error(line);
  process.exit(2);
}

/**
 * Loads the configuration, opens the store of `DATABASE_URL`, applies pending migrations and runs
 * `command`; the store is closed whatever happens. When `command` returns an exit code, the process
 * exits with it once the store is closed; an error thrown by `command` propagates (exit code 1).
 * @param command the command's work, given the open store and the configuration
 */
export async function runWithStore(
  command: (store: Store, config: AppConfig) => Promise<number | undefined>,
): Promise<void> {
  const config = loadConfig();
  const store = openStore(config.databaseUrl);
  let code: number | undefined;
  try {
    await migrateToLatest(store);
    code = await command(store, config);
  } finally {
    await store.close();
  }
  if (code !== undefined) process.exit(code);
}
