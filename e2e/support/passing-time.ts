/**
 * Time passing, for journeys that need a log-in to be old (docs/security.md "Re-authentication") or a
 * recovery link to have expired: the sessions of a player record when they last proved their password
 * (`sessions.auth_time`), and e-mailed links their expiry (`email_tokens.expires_at`); these helpers
 * move those moments back in the deployment's own store, as the minutes the journey cannot wait for
 * would. Nothing else of the store is touched.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { deploymentDir, E2E_TOKEN_CACHE_MAX_AGE_SECONDS } from './ports.ts';

/**
 * Makes every log-in of player `username` on deployment `name` (a Playwright project name) `seconds`
 * older: their sessions' last proof of the password moves back by that much. The node remembers the
 * tokens it verified with the proof they carried (verified-tokens.ts) and is not told of a change
 * written behind its back: this waits out the e2e nodes' TOKEN_CACHE_MAX_AGE_SECONDS, after which the
 * node reads the moved proof.
 * @throws Error when the player has no session there
 */
export async function ageLogIns(name: string, username: string, seconds: number): Promise<void> {
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
  await new Promise((resolve) => setTimeout(resolve, E2E_TOKEN_CACHE_MAX_AGE_SECONDS * 1000 + 100));
}

/**
 * Makes every unused password-recovery link of the player with e-mail `email` on deployment `name` (a
 * Playwright project name) expired, as the hour of their validity passing would. Nothing else of the
 * store is touched.
 * @throws Error when the player has no unused recovery link there
 */
export function expireRecoveryLinks(name: string, email: string): void {
  const store = new Database(path.resolve(deploymentDir(name), 'store.sqlite'));
  try {
    store.pragma('busy_timeout = 5000');
    const changed = store
      .prepare(
        `update email_tokens set expires_at = ?
         where purpose = 'password_recovery' and used_at is null
           and user_id = (select id from users where email_normalized = ?)`,
      )
      .run(new Date(Date.now() - 1000).toISOString(), email.toLowerCase());
    if (changed.changes === 0) throw new Error(`no unused recovery link of ${email} in ${name}`);
  } finally {
    store.close();
  }
}
