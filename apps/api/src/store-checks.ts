/**
 * The store's reasons to refuse a production start (docs/operations.md "Production"; config/production.ts
 * checks the configuration): rows written by SEED_DEMO that a store copied from a demo may carry. It
 * reads through the modules' public surfaces, so it lives beside app.ts rather than in config/, which
 * modules depend on.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { findUserByEmail } from './modules/accounts/index.ts';
import { clientIdWithSecret } from './modules/oauth-clients/index.ts';

/** The published secrets of the demo clients (db/seed.ts: the partner site, the OpenID Connect site). */
const DEMO_CLIENT_SECRETS = ['sandbox-partner-secret', 'sandbox-oidc-site-secret'];
/** The demo player's address (db/seed.ts). */
const DEMO_PLAYER_EMAIL = 'demo.player@guildgate.test';

/**
 * The store's reasons to refuse production: a demo client with its published secret, or the demo player
 * (both written by SEED_DEMO).
 * @returns one line per problem; empty when the store may serve production
 */
export async function storeProductionProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  for (const secret of DEMO_CLIENT_SECRETS) {
    const demoClientId = await clientIdWithSecret(db, secret);
    if (demoClientId !== undefined)
      problems.push(
        `store: the client "${demoClientId}" has the published demo secret (rotate it: npm run client-secrets -- <client_id>)`,
      );
  }
  if (await findUserByEmail(db, DEMO_PLAYER_EMAIL))
    problems.push(`store: the demo player ${DEMO_PLAYER_EMAIL} exists (delete it)`);
  return problems;
}
