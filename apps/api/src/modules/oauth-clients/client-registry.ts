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
 * operator, an error code and the field at fault (the operator console answers them as a §8 400, issue
 * 24 §3); nothing is written then. Each change takes an optional hook run inside its transaction after
 * the change (the console writes its staff audit event there), and stamps `updated_at` (migration 0028)
 * on an update or a rotation.
 */
import type { Kysely } from 'kysely';
import { CLIENT_ID_PATTERN, type ErrorCode } from '@guildgate/contracts';
import type { Database } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { clientOfRow, type RegisteredClient, type TokenEndpointAuthMethod } from './clients.ts';
import { deleteClientRow, findClient, insertNewClient, listClientRows, updateClientRow } from './store.ts';

/** The input field a {@link ClientRegistrationError} is about ('' when none is). */
export type ClientField =
  | 'clientId'
  | 'name'
  | 'redirectUris'
  | 'postLogoutRedirectUris'
  | 'backchannelLogoutUri'
  | 'authMethod'
  | '';

/**
 * Input the registry refuses (an operator's mistake): its message says what to fix, `code` is the §8
 * error code the console answers (contracts errors.ts `ERROR_CLIENT_…`), `field` the input at fault.
 */
export class ClientRegistrationError extends Error {
  override name = 'ClientRegistrationError';
  readonly code: ErrorCode;
  readonly field: ClientField;

  /** A refusal with `message` for the operator, `code` and `field` for the console. */
  constructor(message: string, code: ErrorCode, field: ClientField = '') {
    super(message);
    this.code = code;
    this.field = field;
  }
}

/** A hook run inside a change's transaction, after the change, with what it did (e.g. an audit event). */
export type RegistryHook<T> = (trx: Kysely<Database>, change: T) => Promise<void>;

/** Client ids: unreserved URL characters (RFC 3986 §2.3), so Basic credentials need no encoding. */
const CLIENT_ID = CLIENT_ID_PATTERN;

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
    throw new ClientRegistrationError(
      `client_id "${clientId}": 1 to 128 of A-Z a-z 0-9 . _ ~ -`,
      'ERROR_CLIENT_ID_INVALID',
      'clientId',
    );
  return clientId;
}

/** @throws ClientRegistrationError unless `name` is 1 to 100 characters without control characters */
function checkName(name: string): string {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(trimmed))
    throw new ClientRegistrationError(
      `--name: 1 to ${MAX_NAME_LENGTH} characters, no control characters`,
      'ERROR_CLIENT_NAME_INVALID',
      'name',
    );
  return trimmed;
}

/** The input field of a URI option of the command. */
const FIELD_OF_OPTION: Readonly<Record<string, ClientField>> = {
  '--redirect-uri': 'redirectUris',
  '--post-logout-uri': 'postLogoutRedirectUris',
  '--backchannel-logout-uri': 'backchannelLogoutUri',
};

/**
 * Checks a URI the provider sends the browser or a request to: absolute `https:` or `http:` URL, no
 * fragment (RFC 6749 §3.1.2; Back-Channel Logout §2.2), no user information, at most 2000 characters.
 * @throws ClientRegistrationError naming `option` otherwise
 */
function checkUri(option: string, uri: string): string {
  const field = FIELD_OF_OPTION[option] ?? '';
  const refuse = (why: string, code: ErrorCode = 'ERROR_CLIENT_URI_INVALID') =>
    new ClientRegistrationError(`${option} "${uri}": ${why}`, code, field);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw refuse('not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must be an https: (or http:) URL');
  if (uri.includes('#')) throw refuse('must not have a fragment', 'ERROR_CLIENT_URI_FRAGMENT');
  if (url.username || url.password) throw refuse('must not carry user information');
  if (uri.length > MAX_URI_LENGTH) throw refuse(`longer than ${MAX_URI_LENGTH} characters`);
  return uri;
}

/** Checks a list of URIs of `option` (deduplicated, at most 20, at least `min`). */
function checkUris(option: string, uris: string[], min: number): string[] {
  const unique = [...new Set(uris.map((uri) => checkUri(option, uri)))];
  const field = FIELD_OF_OPTION[option] ?? '';
  if (unique.length < min)
    throw new ClientRegistrationError(`${option}: at least ${min} needed`, 'ERROR_CLIENT_URIS_COUNT', field);
  if (unique.length > MAX_URIS)
    throw new ClientRegistrationError(`${option}: at most ${MAX_URIS}`, 'ERROR_CLIENT_URIS_COUNT', field);
  return unique;
}

/** The stored `grant_types` of a client with or without refresh tokens. */
function grantTypesJson(refreshTokens: boolean): string {
  return JSON.stringify(refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code']);
}

/**
 * Registers a new client.
 * @param onRegistered run inside the transaction with the client as stored
 * @returns the client as stored, and its secret in clear (null for a public client): shown once
 * @throws ClientRegistrationError on bad input or when `clientId` is already registered
 */
export async function registerClient(
  db: Kysely<Database>,
  input: ClientRegistration,
  onRegistered?: RegistryHook<RegisteredClient>,
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
    // Inserted only when new: two registrations of one id at once cannot both pass a prior check.
    const inserted = await insertNewClient(trx, {
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
    if (!inserted)
      throw new ClientRegistrationError(
        `client_id "${clientId}" is already registered (use update)`,
        'ERROR_CLIENT_ID_TAKEN',
        'clientId',
      );
    await audit({ db: trx }, null, 'client.registered', null, {
      clientId,
      tokenEndpointAuthMethod: method,
      firstParty: input.firstParty,
    });
    const row = await findClient(trx, clientId);
    if (!row) throw new Error(`client ${clientId} vanished in its own transaction`);
    const client = clientOfRow(row);
    await onRegistered?.(trx, client);
    return { client, secret };
  });
}

/** Every registered client, by id. */
export async function listClients(db: Kysely<Database>): Promise<RegisteredClient[]> {
  return (await listClientRows(db)).map(clientOfRow);
}

/**
 * Applies `changes` to client `clientId`.
 * @param onUpdated run inside the transaction with the client before and after the change
 * @returns the client as now stored, or undefined when it is not registered
 * @throws ClientRegistrationError on bad input (nothing to change, a bad URI, a method for a public client)
 */
export async function updateClient(
  db: Kysely<Database>,
  clientId: string,
  changes: ClientChanges,
  onUpdated?: RegistryHook<{ before: RegisteredClient; after: RegisteredClient }>,
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
  if (Object.keys(set).length === 0)
    throw new ClientRegistrationError('nothing to change', 'ERROR_CLIENT_NOTHING_TO_CHANGE');
  return db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (!existing) return undefined;
    if (changes.authMethod !== undefined && existing.client_secret_hash === null)
      throw new ClientRegistrationError(
        `client_id "${clientId}" is public: it has no secret to send (remove it and register it again)`,
        'ERROR_CLIENT_PUBLIC',
        'authMethod',
      );
    await updateClientRow(trx, clientId, { ...set, updated_at: isoNow() });
    await audit({ db: trx }, null, 'client.updated', null, { clientId, changed: Object.keys(set) });
    const row = await findClient(trx, clientId);
    if (!row) return undefined;
    const after = clientOfRow(row);
    await onUpdated?.(trx, { before: clientOfRow(existing), after });
    return after;
  });
}

/**
 * Gives confidential client `clientId` a new secret; the old one stops working at once.
 * @param onRotated run inside the transaction with the client as now stored
 * @returns the new secret in clear (shown once), or undefined when the client is not registered
 * @throws ClientRegistrationError when the client is public (it has no secret)
 */
export async function rotateClientSecret(
  db: Kysely<Database>,
  clientId: string,
  onRotated?: RegistryHook<RegisteredClient>,
): Promise<string | undefined> {
  const secret = randomToken(32);
  return db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (!existing) return undefined;
    if (existing.client_secret_hash === null)
      throw new ClientRegistrationError(
        `client_id "${clientId}" is public: it has no secret`,
        'ERROR_CLIENT_PUBLIC',
      );
    await updateClientRow(trx, clientId, { client_secret_hash: sha256(secret), updated_at: isoNow() });
    await audit({ db: trx }, null, 'client.secret_rotated', null, { clientId });
    const row = await findClient(trx, clientId);
    if (row) await onRotated?.(trx, clientOfRow(row));
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
 * @param onRemoved run inside the transaction with the client as it was
 * @returns false when it is not registered
 * @throws ClientRegistrationError for the portal's own client
 */
export async function removeClient(
  db: Kysely<Database>,
  clientId: string,
  portalClientId: string,
  removeObjects: (trx: Kysely<Database>, clientId: string) => Promise<unknown> = () => Promise.resolve(),
  onRemoved?: RegistryHook<RegisteredClient>,
): Promise<boolean> {
  if (clientId === portalClientId)
    throw new ClientRegistrationError(
      `client_id "${clientId}" is the portal itself (PORTAL_CLIENT_ID)`,
      'ERROR_CLIENT_PORTAL',
    );
  return db.transaction().execute(async (trx) => {
    const existing = await findClient(trx, clientId);
    if (!existing) return false;
    await deleteClientRow(trx, clientId);
    await removeObjects(trx, clientId);
    await audit({ db: trx }, null, 'client.removed', null, { clientId });
    await onRemoved?.(trx, clientOfRow(existing));
    return true;
  });
}
