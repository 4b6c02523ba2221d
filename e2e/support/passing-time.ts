/**
 * Time passing, for journeys that need a log-in to be old (docs/security.md "Re-authentication"): the
 * sessions of a player record when they last proved their password (`sessions.auth_time`); this moves
 * that moment back in the deployment's own store, as the minutes the journey cannot wait for would.
 * Nothing else of the store is touched.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { deploymentDir } from './ports.ts';

/**
 * Makes every log-in of player `username` on deployment `name` (a Playwright project name) `seconds`
 * older: their sessions' last proof of the password moves back by that much.
 * @throws Error when the player has no session there
 */
export function ageLogIns(name: string, username: string, seconds: number): void {
  const store = new Database(path.resolve(deploymentDir(name), 'store.sqlite'));
  try {
    store.pragma('busy_timeout = 5000');
    const changed = store
      .prepare(
        `update sessions set auth_time = ?
         where user_id = (select id from users where username_normalized = ?)`,
      )
      .run(new Date(Date.now() - seconds * 1000).toISOString(), username.toLowerCase());
    if (changed.changes === 0) throw new Error(`no session of ${username} in ${name}`);
  } finally {
    store.close();
  }
}
