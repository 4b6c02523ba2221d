/**
 * The operator's registry of OAuth / OpenID clients (issue 21 §3; `npm run clients`, cli/clients-cli.ts;
 * docs/operations.md "Clients"): register, list, update, rotate a secret, remove. The metadata is the one
 * of OpenID Connect Dynamic Client Registration 1.0 §2 that the hub's provider reads (modules/oidc/clients.ts):
 * redirect URIs, post-log-out redirect URIs, back-channel log-out URI, first- or third-party, public or
 * confidential, refresh tokens or not.
 *
 * Every change runs in one transaction with its audit event (`client.registered`, `client.updated`,
 * `client.secret_rotated`, `client.removed`; detail: the client id and what changed, never a secret).
 * A confidential client's secret (256 random bits, base64url) is returned once; only its SHA-256 is
 * stored (RFC 6819 §5.1.4.1.3). Bad input throws {@link ClientRegistrationError} with a message for the
 * operator; nothing is written then.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { clientOfRow, type RegisteredClient, type TokenEndpointAuthMethod } from './clients.ts';
import { deleteClientRow, findClient, insertClient, listClientRows, updateClientRow } from './store.ts';

/** Input the registry refuses (an operator's mistake); its message says what to fix. */
export class ClientRegistrationError extends Error {
  override name = 'ClientRegistrationError';
}

/** Client ids: unreserved URL characters (RFC 3986 §2.3), so Basic credentials need no encoding. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,128}$/;

/** Longest client name, characters. */
const MAX_NAME_LENGTH = 100;

/** Most URIs of one kind a client may register. */
const MAX_URIS = 20;

/** Longest URI, characters. */
const MAX_URI_LENGTH = 2000;

/** A new client (`npm run clients -- register`). */
export interface ClientRegistration {
  clientId: string;
  name: string;
  /** At least one (RFC 6749 §3.1.2.2; OIDC Core §3.1.2.1 requires a registered one). */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  /** A public client (`none`, RFC 6749 §2.1): no secret, PKCE only. */
  isPublic: boolean;
  /** A confidential client's method (default `client_secret_basic`); ignored for a public one. */
  authMethod?: Exclude<TokenEndpointAuthMethod, 'none'>;
  firstParty: boolean;
  /** Issue refresh tokens (RFC 6749 §6; default true). */
  refreshTokens?: boolean;
}

/** Changes to a client (`npm run clients -- update`); an absent field stays as it is. */
export interface ClientChanges {
  name?: string;
  /** Replaces the registered list; at least one. */
  redirectUris?: string[];
  /** Replaces the registered list; [] removes them all. */
  postLogoutRedirectUris?: string[];
  /** null removes it. */
  backchannelLogoutUri?: string | null;
  firstParty?: boolean;
  /** Only between the confidential methods (a public client stays public: register it again). */
  authMethod?: Exclude<TokenEndpointAuthMethod, 'none'>;
  refreshTokens?: boolean;
}

/** @throws ClientRegistrationError unless `clientId` is 1 to 128 of `A-Z a-z 0-9 . _ ~ -` */
export function checkClientId(clientId: string): string {
  if (!CLIENT_ID.test(clientId))
    throw new ClientRegistrationError(`client_id "${clientId}": 1 to 128 of A-Z a-z 0-9 . _ ~ -`);
  return clientId;
}

/** @throws ClientRegistrationError unless `name` is 1 to 100 characters without control characters */
function checkName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(trimmed))
    throw new ClientRegistrationError(`--name: 1 to ${MAX_NAME_LENGTH} characters, no control characters`);
  return trimmed;
}

/**
 * Checks a URI the provider sends the browser or a request to: absolute `https:` or `http:` URL, no
 * fragment (RFC 6749 §3.1.2; Back-Channel Logout §2.2), no user information, at most 2000 characters.
 * @throws ClientRegistrationError naming `option` otherwise
 */
function checkUri(option: string, uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ClientRegistrationError(`${option} "${uri}": not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new ClientRegistrationError(`${option} "${uri}": must be an https: (or http:) URL`);
  if (uri.includes('#')) throw new ClientRegistrationError(`${option} "${uri}": must not have a fragment`);
  if (url.username || url.password)
    throw new ClientRegistrationError(`${option} "${uri}": must not carry user information`);
  if (uri.length > MAX_URI_LENGTH)
    throw new ClientRegistrationError(`${option} "${uri}": longer than ${MAX_URI_LENGTH} characters`);
  return uri;
}

/** Checks a list of URIs of `option` (deduplicated, at most 20, at least `min`). */
function checkUris(option: string, uris: string[], min: number): string[] {
  const unique = [...new Set(uris.map((uri) => checkUri(option, uri)))];
  if (unique.length < min) throw new ClientRegistrationError(`${option}: at least ${min} needed`);
  if (unique.length > MAX_URIS) throw new ClientRegistrationError(`${option}: at most ${MAX_URIS}`);
  return unique;
}

/** The stored `grant_types` of a client with or without refresh tokens. */
function grantTypesJson(refreshTokens: boolean): string {
  return JSON.stringify(refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code']);
}

/**
 * Registers a new client.
 * @returns the client as stored, and its secret in clear (null for a public client): shown once
 * @throws ClientRegistrationError on bad input or when `clientId` is already registered
 */
export async function registerClient(
  db: Kysely<Database>,
  input: ClientRegistration,
): Promise<{ client: RegisteredClient; secret: string | null }> {
  const clientId = checkClientId(input.clientId);
  const name = checkName(input.name);
  const redirectUris = checkUris('--redirect-uri', input.redirectUris, 1);
  const postLogout = checkUris('--post-logout-uri', input.postLogoutRedirectUris, 0);
  const backchannel =
    input.backchannelLogoutUri === null
      ? null
      : checkUri('--backchannel-logout-uri', input.backchannelLogoutUri);
  const secret = input.isPublic ? null : randomToken(32);
  const method: TokenEndpointAuthMethod = input.isPublic
    ? 'none'
    : (input.authMethod ?? 'client_secret_basic');
  return db.transaction().execute(async (trx) => {
    if (await findClient(trx, clientId))
      throw new ClientRegistrationError(`client_id "${clientId}" is already registered (use update)`);
    await insertClient(trx, {
      client_id: clientId,
      name,
      redirect_uris: JSON.stringify(redirectUris),
      post_logout_redirect_uris: JSON.stringify(postLogout),
      backchannel_logout_uri: backchannel,
      first_party: input.firstParty ? 1 : 0,
      token_endpoint_auth_method: method,
      grant_types: grantTypesJson(input.refreshTokens ?? true),
      client_secret_hash: secret === null ? null : sha256(secret),
      created_at: isoNow(),
    });
    await audit({ db: trx }, null, 'client.registered', null, {
      clientId,
      tokenEndpointAuthMethod: method,
      firstParty: input.firstParty,
    });
    const row = await findClient(trx, clientId);
    if (!row) throw new Error(`client ${clientId} vanished in its own transaction`);
    return { client: clientOfRow(row), secret };
  });
}

/** Every registered client, by id. */
export async function listClients(db: Kysely<Database>): Promise<RegisteredClient[]> {
  return (await listClientRows(db)).map(clientOfRow);
}

/**
 * Applies `changes` to client `clientId`.
 * @returns the client as now stored, or undefined when it is not registered
 * @throws ClientRegistrationError on bad input (nothing to change, a bad URI, a method for a public client)
 */
export async function updateClient(
  db: Kysely<Database>,
  clientId: string,
  changes: ClientChanges,
): Promise<RegisteredClient | undefined> {
  const name = changes.name === undefined ? undefined : checkName(changes.name);
  const redirectUris =
    changes.redirectUris === undefined ? undefined : checkUris('--redirect-uri', changes.redirectUris, 1);
  const postLogout =
    changes.postLogoutRedirectUris === undefined
      ? undefined
      : checkUris('--post-logout-uri', changes.postLogoutRedirectUris, 0);
  const backchannel =
    changes.backchannelLogoutUri === undefined || changes.backchannelLogoutUri === null
      ? changes.backchannelLogoutUri
      : checkUri('--backchannel-logout-uri', changes.backchannelLogoutUri);
  const set = {
    ...(name === undefined ? {} : { name }),
    ...(redirectUris === undefined ? {} : { redirect_uris: JSON.stringify(redirectUris) }),
    ...(postLogout === undefined ? {} : { post_logout_redirect_uris: JSON.stringify(postLogout) }),
    ...(backchannel === undefined ? {} : { backchannel_logout_uri: backchannel }),
    ...(changes.firstParty === undefined ? {} : { first_party: changes.firstParty ? 1 : 0 }),
    ...(changes.authMethod === undefined ? {} : { token_endpoint_auth_method: changes.authMethod }),
    ...(changes.refreshTokens === undefined ? {} : { grant_types: grantTypesJson(changes.refreshTokens) }),
  };
  if (Object.keys(set).length === 0) throw new ClientRegistrationError('nothing to change');
  return db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (!existing) return undefined;
    if (changes.authMethod !== undefined && existing.client_secret_hash === null)
      throw new ClientRegistrationError(
        `client_id "${clientId}" is public: it has no secret to send (remove it and register it again)`,
      );
    await updateClientRow(trx, clientId, set);
    await audit({ db: trx }, null, 'client.updated', null, { clientId, changed: Object.keys(set) });
    const row = await findClient(trx, clientId);
    return row ? clientOfRow(row) : undefined;
  });
}

/**
 * Gives confidential client `clientId` a new secret; the old one stops working at once.
 * @returns the new secret in clear (shown once), or undefined when the client is not registered
 * @throws ClientRegistrationError when the client is public (it has no secret)
 */
export async function rotateClientSecret(
  db: Kysely<Database>,
  clientId: string,
): Promise<string | undefined> {
  const secret = randomToken(32);
  return db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (!existing) return undefined;
    if (existing.client_secret_hash === null)
      throw new ClientRegistrationError(`client_id "${clientId}" is public: it has no secret`);
    await updateClientRow(trx, clientId, { client_secret_hash: sha256(secret) });
    await audit({ db: trx }, null, 'client.secret_rotated', null, { clientId });
    return secret;
  });
}

/**
 * Removes client `clientId`: the provider no longer knows it, so its codes and tokens stop working
 * (oidc-provider finds no client for them).
 * @param portalClientId the portal's own client (PORTAL_CLIENT_ID), which cannot be removed
 * @param removeObjects deletes what other modules keep of the client, in the removal's transaction (the
 *   OpenID Provider's grants, codes and tokens: oidc's `deletePayloadsOfClient`, given by the caller since
 *   oidc imports this module)
 * @returns false when it is not registered
 * @throws ClientRegistrationError for the portal's own client
 */
export async function removeClient(
  db: Kysely<Database>,
  clientId: string,
  portalClientId: string,
  removeObjects: (trx: Kysely<Database>, clientId: string) => Promise<unknown> = () => Promise.resolve(),
): Promise<boolean> {
  if (clientId === portalClientId)
    throw new ClientRegistrationError(`client_id "${clientId}" is the portal itself (PORTAL_CLIENT_ID)`);
  return db.transaction().execute(async (trx) => {
    if (!(await findClient(trx, clientId))) return false;
    await deleteClientRow(trx, clientId);
    await removeObjects(trx, clientId);
    await audit({ db: trx }, null, 'client.removed', null, { clientId });
    return true;
  });
}
