/**
 * Interim store of the production start's store checks (config/production.ts
 * `storeProductionProblems`; docs/operations.md): the demo rows a seeded copy may carry. Its two
 * queries read tables of modules another helper is restructuring in parallel (issue 20): at merge,
 * {@link clientIdWithSecretHash} moves into sso's store (owner of `oauth_clients`) and
 * {@link userExistsWithEmail} into accounts' store (owner of `users`), and this file goes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// --- sso's oauth_clients query (moved to sso at merge) ---

/** The `client_id` of a client whose secret hash is `secretHash`, or undefined. */
export async function clientIdWithSecretHash(
  db: Kysely<Database>,
  secretHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_clients')
    .select('client_id')
    .where('client_secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row?.client_id;
}

// --- production's users query (moved to accounts at merge) ---

/** Does a player with exactly the address `email` (as stored) exist? */
export async function userExistsWithEmail(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}
