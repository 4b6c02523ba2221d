/**
 * OAuth clients known to the hub (spec §1 Single sign-on; RFC 6749 §2). The portal is itself a client
 * (`PORTAL_CLIENT_ID`); partner sites are registered in `oauth_clients`, a confidential one with a
 * secret (RFC 6749 §2.1) that only the operator sees, once (`npm run clients`, cli/clients-cli.ts).
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import {
  findClient,
  findClientIdBySecretHash,
  insertClient,
  updateClientRow,
  type ClientRow,
} from './store.ts';

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

/** How a client authenticates at the token endpoint (RFC 6749 §2.3.1; `none`: a public client, §2.1). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/** One of {@link TOKEN_ENDPOINT_AUTH_METHODS}. */
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** A registered client as the OpenID Provider (modules/oidc/clients.ts) and the operator command read it. */
export interface RegisteredClient {
  clientId: string;
  name: string;
  /** The registered redirect URIs (RFC 6749 §3.1.2); [] when the stored list is not a JSON array. */
  redirectUris: string[];
  /** Where RP-initiated log-out may return to (OpenID Connect RP-Initiated Logout 1.0 §3.1). */
  postLogoutRedirectUris: string[];
  /** Where the logout_token is POSTed (OpenID Connect Back-Channel Logout 1.0 §2.2); null: none. */
  backchannelLogoutUri: string | null;
  /** The hub's own site (no consent page) rather than a third party's. */
  firstParty: boolean;
  /**
   * How it authenticates at the token endpoint; `none` whenever no secret is stored (a public client),
   * whatever the column says, so a client never needs a secret it does not have.
   */
  tokenEndpointAuthMethod: TokenEndpointAuthMethod;
  /** Its grants (RFC 6749 §4.1 `authorization_code`, §6 `refresh_token`). */
  grantTypes: string[];
  /** SHA-256 (hex) of the client secret; null for a public client (RFC 6749 §2.1), the portal's own. */
  secretHash: string | null;
  /** When it was registered (ISO 8601 UTC). */
  createdAt: string;
  /** When it was last changed — an update or a secret rotation (ISO 8601 UTC); null: never. */
  updatedAt: string | null;
}

/** The strings of a stored JSON array; [] when it is not one. */
function stringsOf(json: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = [];
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

/** A stored client row as a {@link RegisteredClient}. */
export function clientOfRow(row: ClientRow): RegisteredClient {
  const method = TOKEN_ENDPOINT_AUTH_METHODS.find((known) => known === row.token_endpoint_auth_method);
  return {
    clientId: row.client_id,
    name: row.name,
    redirectUris: stringsOf(row.redirect_uris),
    postLogoutRedirectUris: stringsOf(row.post_logout_redirect_uris),
    backchannelLogoutUri: row.backchannel_logout_uri,
    firstParty: row.first_party !== 0,
    tokenEndpointAuthMethod:
      row.client_secret_hash === null ? 'none' : method && method !== 'none' ? method : 'client_secret_basic',
    grantTypes: stringsOf(row.grant_types),
    secretHash: row.client_secret_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Client `clientId` of `oauth_clients`, if registered. */
export async function registeredClient(
  db: Kysely<Database>,
  clientId: string,
): Promise<RegisteredClient | undefined> {
  const row = await findClient(db, clientId);
  return row ? clientOfRow(row) : undefined;
}

/**
 * Is client `clientId` one of the hub's own sites (`first_party`, set by `npm run clients`)? A first-party
 * client skips the consent page (issue 21 §3); an unknown client is not first-party.
 */
export async function isFirstPartyClient(db: Kysely<Database>, clientId: string): Promise<boolean> {
  return (await registeredClient(db, clientId))?.firstParty ?? false;
}

/**
 * Gives client `clientId` a new random secret (256 bits, base64url: no character needs encoding),
 * replacing any previous one; creates the client with `name` when it does not exist (`npm run
 * client-secrets`, kept beside `npm run clients`). A public client given a secret becomes confidential
 * (`client_secret_basic`). Audited as `client.registered` or `client.secret_rotated`.
 * @returns the secret, in clear: shown once, only its SHA-256 is kept
 */
export async function issueClientSecret(
  db: Kysely<Database>,
  clientId: string,
  name: string = clientId,
): Promise<string> {
  const secret = randomToken(32);
  await db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (existing) {
      await updateClientRow(trx, clientId, {
        client_secret_hash: sha256(secret),
        updated_at: isoNow(),
        ...(existing.client_secret_hash === null
          ? { token_endpoint_auth_method: 'client_secret_basic' }
          : {}),
      });
      await audit({ db: trx }, null, 'client.secret_rotated', null, { clientId });
    } else {
      await insertClient(trx, {
        client_id: clientId,
        name,
        redirect_uris: '[]',
        created_at: isoNow(),
        client_secret_hash: sha256(secret),
        token_endpoint_auth_method: 'client_secret_basic',
      });
      await audit({ db: trx }, null, 'client.registered', null, { clientId });
    }
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
