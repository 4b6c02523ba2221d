/**
 * OAuth clients known to the hub (spec §1 Single sign-on; RFC 6749 §2). The portal is itself a client
 * (`PORTAL_CLIENT_ID`); partner sites are registered in `oauth_clients`, a confidential one with a
 * secret (RFC 6749 §2.1) that only the operator sees, once (db/client-secret-cli.ts).
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { findClient, findClientIdBySecretHash, upsertClientSecret } from './store.ts';

/**
 * The client a player came through (recorded on a new player, `users.client_id`): `requested` when
 * registered, else the portal's own client. Sessions opened at the portal are always the portal's.
 */
export async function resolveClientId(
  ctx: AppContext,
  requested: string | null | undefined,
): Promise<string> {
  if (!requested || requested === ctx.config.portalClientId) return ctx.config.portalClientId;
  const row = await findClient(ctx.db, requested);
  return row ? row.client_id : ctx.config.portalClientId;
}

/** A registered client's id and secret hash (SHA-256 hex; null for a public client), if registered. */
export async function clientCredentialsOf(
  db: Kysely<Database>,
  clientId: string,
): Promise<{ clientId: string; secretHash: string | null } | undefined> {
  const row = await findClient(db, clientId);
  return row ? { clientId: row.client_id, secretHash: row.client_secret_hash } : undefined;
}

/** A registered client as the OpenID Provider reads it (modules/oidc/clients.ts). */
export interface RegisteredClient {
  clientId: string;
  name: string;
  /** The registered redirect URIs (RFC 6749 §3.1.2); [] when the stored list is not a JSON array. */
  redirectUris: string[];
  /** SHA-256 (hex) of the client secret; null for a public client (RFC 6749 §2.1), the portal's own. */
  secretHash: string | null;
}

/** Client `clientId` of `oauth_clients`, if registered. */
export async function registeredClient(
  db: Kysely<Database>,
  clientId: string,
): Promise<RegisteredClient | undefined> {
  const row = await findClient(db, clientId);
  if (!row) return undefined;
  let uris: unknown;
  try {
    uris = JSON.parse(row.redirect_uris);
  } catch {
    uris = [];
  }
  return {
    clientId: row.client_id,
    name: row.name,
    redirectUris: Array.isArray(uris) ? uris.filter((uri): uri is string => typeof uri === 'string') : [],
    secretHash: row.client_secret_hash,
  };
}

/**
 * Gives client `clientId` a new random secret (256 bits, base64url: no character needs encoding),
 * replacing any previous one; creates the client with `name` when it does not exist.
 * @returns the secret, in clear: shown once, only its SHA-256 is kept
 */
export async function issueClientSecret(
  db: Kysely<Database>,
  clientId: string,
  name: string = clientId,
): Promise<string> {
  const secret = randomToken(32);
  await upsertClientSecret(db, {
    client_id: clientId,
    name,
    redirect_uris: '[]',
    created_at: isoNow(),
    client_secret_hash: sha256(secret),
  });
  return secret;
}

/**
 * The id of a client whose secret is `secret` (compared by its SHA-256, as the store keeps it), or
 * undefined: the production start refuses a store where a client has a published secret
 * (store-checks.ts).
 */
export function clientIdWithSecret(db: Kysely<Database>, secret: string): Promise<string | undefined> {
  return findClientIdBySecretHash(db, sha256(secret));
}
