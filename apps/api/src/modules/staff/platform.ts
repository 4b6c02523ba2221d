/**
 * The operator console's platform settings, part 1 (issue 24 §3; contracts admin-platform.ts;
 * docs/operations.md "Staff and the operator console"): the partner clients and the redirect allow-list.
 *
 * - Clients go through the one registry of `npm run clients` (modules/oauth-clients client-registry.ts):
 *   its checks, its `client.*` events, its removal (the provider's grants, codes and tokens of the client
 *   go with it, oidc `deletePayloadsOfClient`). The console adds RFC 9700 §2.1/§4.1's rules for URIs
 *   (https, http only on a loopback host; no fragment; no wildcard: they are compared exactly) and keeps
 *   the portal's own client (PORTAL_CLIENT_ID) out of reach. The provider reads a client from the store
 *   at every request (oidc clients.ts; oidc-provider caches a client only by the hash of its metadata),
 *   so a change applies at once on every node. A secret is in the answer of its registration or
 *   rotation only, never listed nor audited.
 * - The allow-list is modules/redirect's; the tester runs its `checkRedirectTarget`, the very check
 *   behind every redirect the hub issues. The list is read from the store at every check (no cache), so
 *   a change applies at once on every node.
 * - Every change writes its staff audit event (`staff.client_…`, `staff.redirect_pattern_…`: the caller,
 *   no player — `Subject` `client:<client_id>` or `redirect_pattern:<id>` — and what changed) in the
 *   change's transaction.
 * Lists are pages in a stable order (clients by id, patterns by id); the cursor is opaque (base64url of
 * the last key) and checked when it comes back (400 ERROR_CURSOR_INVALID).
 */
import {
  ADMIN_PAGE,
  CLIENT_ID_PATTERN,
  isRedirectAllowed,
  type AdminClient,
  type AdminClientCreation,
  type AdminClientUpdateRequest,
  type AdminClientCreatedResponse,
  type AdminClientSecretResponse,
  type AdminClientsResponse,
  type ErrorCode,
  type RedirectPattern,
  type RedirectPatternsResponse,
  type RedirectTestResponse,
  type StaffAuditType,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { auditStaffAction, type StaffFieldChange } from '../audit/index.ts';
import {
  ClientRegistrationError,
  listClients,
  registerClient,
  registeredClient,
  removeClient,
  rotateClientSecret,
  updateClient,
  type ClientChanges,
  type ClientField,
  type RegisteredClient,
} from '../oauth-clients/index.ts';
import { deletePayloadsOfClient } from '../oidc/index.ts';
import {
  addRedirectPattern,
  checkRedirectTarget,
  isConfiguredPattern,
  redirectPatternPage,
  redirectPatterns,
  removeRedirectPattern,
  type RedirectPatternRow,
} from '../redirect/index.ts';
import type { StaffCaller } from './guard.ts';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** A page's query (contracts AdminPageQuerySchema, parsed). */
interface PageQuery {
  limit: number;
  cursor?: string | undefined;
}

/** The body property of each registry field (contracts admin-platform.ts). */
const PROPERTY_OF: Readonly<Record<ClientField, string>> = {
  clientId: 'ClientId',
  name: 'Name',
  redirectUris: 'RedirectUris',
  postLogoutRedirectUris: 'PostLogoutRedirectUris',
  backchannelLogoutUri: 'BackchannelLogoutUri',
  authMethod: 'TokenEndpointAuthMethod',
  '': '',
};

/** Hosts an `http:` URI may name: this machine only (RFC 8252 §7.3; RFC 9700 §2.1). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The cursor of a page that ended at key `key`. */
function encodeKey(key: string): string {
  return Buffer.from(key).toString('base64url');
}

/**
 * The key a cursor of {@link encodeKey} names.
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` unless it is one and its key passes `valid`
 */
function decodeKey(cursor: string, valid: (key: string) => boolean): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (encodeKey(key) !== cursor || !valid(key)) throw badRequest('ERROR_CURSOR_INVALID', 'cursor');
  return key;
}

/**
 * Runs `work`, answering the registry's refusals as a §8 400 (its code, on the body's property).
 * @throws 400 with the {@link ClientRegistrationError}'s code
 */
async function answeringRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientRegistrationError) throw badRequest(error.code, PROPERTY_OF[error.field]);
    throw error;
  }
}

/**
 * The console's rule for a client URI on top of the registry's (RFC 9700 §2.1, §4.1): no wildcard
 * (URIs are compared exactly), no fragment, `https:` — `http:` only on a loopback host.
 * @throws 400 on `property`: ERROR_CLIENT_URI_WILDCARD, ERROR_CLIENT_URI_FRAGMENT,
 *   ERROR_CLIENT_URI_INVALID (not an absolute URL), ERROR_CLIENT_URI_NOT_HTTPS
 */
function checkConsoleUri(property: string, uri: string): void {
  const refuse = (code: ErrorCode) => badRequest(code, property);
  if (uri.includes('*')) throw refuse('ERROR_CLIENT_URI_WILDCARD');
  if (uri.includes('#')) throw refuse('ERROR_CLIENT_URI_FRAGMENT');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw refuse('ERROR_CLIENT_URI_INVALID');
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw refuse('ERROR_CLIENT_URI_NOT_HTTPS');
}

/** {@link checkConsoleUri} on every URI of a body (absent lists and null are skipped). */
function checkConsoleUris(body: {
  RedirectUris?: readonly string[] | undefined;
  PostLogoutRedirectUris?: readonly string[] | undefined;
  BackchannelLogoutUri?: string | null | undefined;
}): void {
  for (const uri of body.RedirectUris ?? []) checkConsoleUri('RedirectUris', uri);
  for (const uri of body.PostLogoutRedirectUris ?? []) checkConsoleUri('PostLogoutRedirectUris', uri);
  if (typeof body.BackchannelLogoutUri === 'string')
    checkConsoleUri('BackchannelLogoutUri', body.BackchannelLogoutUri);
}

/** `client` as the console shows it (no secret), its URIs checked against the allow-list `patterns`. */
function describeClient(client: RegisteredClient, patterns: readonly string[]): AdminClient {
  return {
    ClientId: client.clientId,
    Name: client.name,
    RedirectUris: client.redirectUris,
    PostLogoutRedirectUris: client.postLogoutRedirectUris,
    BackchannelLogoutUri: client.backchannelLogoutUri,
    UrisOutsideAllowList: [...client.redirectUris, ...client.postLogoutRedirectUris].filter(
      (uri) => !isRedirectAllowed(uri, patterns),
    ),
    FirstParty: client.firstParty,
    TokenEndpointAuthMethod: client.tokenEndpointAuthMethod,
    RefreshTokens: client.grantTypes.includes('refresh_token'),
    CreatedAt: client.createdAt,
    UpdatedAt: client.updatedAt,
  };
}

/** What the audit trail records of a client: each setting as text (lists space-separated), never a secret. */
function auditedFields(client: RegisteredClient | null): Record<string, string | null> {
  const list = (uris: readonly string[]) => (uris.length === 0 ? null : uris.join(' '));
  return {
    name: client?.name ?? null,
    redirect_uris: client ? list(client.redirectUris) : null,
    post_logout_redirect_uris: client ? list(client.postLogoutRedirectUris) : null,
    backchannel_logout_uri: client?.backchannelLogoutUri ?? null,
    first_party: client ? String(client.firstParty) : null,
    token_endpoint_auth_method: client?.tokenEndpointAuthMethod ?? null,
    refresh_tokens: client ? String(client.grantTypes.includes('refresh_token')) : null,
  };
}

/** The fields that differ between `before` and `after` (null: none), as the audit trail's changes. */
function changesBetween(before: RegisteredClient | null, after: RegisteredClient | null): StaffFieldChange[] {
  const from = auditedFields(before);
  const to = auditedFields(after);
  return Object.keys(to)
    .filter((field) => from[field] !== to[field])
    .map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}

/** Writes the staff audit event `type` of a setting's change by `caller`, through `trx`. */
function auditSetting(
  trx: Kysely<Database>,
  caller: StaffCaller,
  ip: string,
  type: StaffAuditType,
  subject: string,
  changes: readonly StaffFieldChange[],
): Promise<void> {
  return auditStaffAction(trx, {
    type,
    actor: { kind: 'staff', userId: caller.userId },
    targetUserId: null,
    subject,
    changes,
    ip,
  });
}

/** The client `clientId` of a path, unless it is the portal's own. @throws 400 ERROR_CLIENT_PORTAL */
function notThePortal(ctx: Pick<AppContext, 'config'>, clientId: string): string {
  if (clientId === ctx.config.portalClientId) throw badRequest('ERROR_CLIENT_PORTAL');
  return clientId;
}

/**
 * GET admin/clients: a page of the registered clients, by client id (the portal's own included).
 * Clients are a handful (the hub's partner sites): the registry's list is read whole, then cut.
 * @param query `limit` (1…{@link ADMIN_PAGE}.max) and the previous page's `cursor`
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function clientsPage(ctx: Ctx, query: PageQuery): Promise<AdminClientsResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after =
    query.cursor === undefined ? undefined : decodeKey(query.cursor, (key) => CLIENT_ID_PATTERN.test(key));
  const [clients, patterns] = await Promise.all([listClients(ctx.db), redirectPatterns(ctx)]);
  const rest = after === undefined ? clients : clients.filter((client) => client.clientId > after);
  const page = rest.slice(0, limit);
  const last = page.at(-1);
  return {
    Clients: page.map((client) => describeClient(client, patterns)),
    NextCursor: rest.length > limit && last ? encodeKey(last.clientId) : null,
  };
}

/**
 * POST admin/clients: registers a client (the registry's `registerClient`; a random id of 22 base64url
 * characters when none is given), audited `staff.client_created` in its transaction.
 * @param ip the request's address
 * @returns the client and its secret in clear (null for a public client): shown this once
 * @throws 400 ERROR_CLIENT_URI_* (see {@link checkConsoleUri}), and the registry's refusals:
 *   ERROR_CLIENT_ID_INVALID, ERROR_CLIENT_ID_TAKEN, ERROR_CLIENT_NAME_INVALID, ERROR_CLIENT_URIS_COUNT
 */
export async function createClient(
  ctx: Ctx,
  caller: StaffCaller,
  body: AdminClientCreation,
  ip: string,
): Promise<AdminClientCreatedResponse> {
  checkConsoleUris(body);
  const method = body.TokenEndpointAuthMethod;
  const { client, secret } = await answeringRefusals(() =>
    registerClient(
      ctx.db,
      {
        clientId: body.ClientId ?? randomToken(16),
        name: body.Name,
        redirectUris: body.RedirectUris,
        postLogoutRedirectUris: body.PostLogoutRedirectUris,
        backchannelLogoutUri: body.BackchannelLogoutUri,
        isPublic: method === 'none',
        ...(method === 'none' ? {} : { authMethod: method }),
        firstParty: body.FirstParty,
        refreshTokens: body.RefreshTokens,
      },
      (trx, created) =>
        auditSetting(
          trx,
          caller,
          ip,
          'staff.client_created',
          `client:${created.clientId}`,
          changesBetween(null, created),
        ),
    ),
  );
  return { Client: describeClient(client, await redirectPatterns(ctx)), ClientSecret: secret };
}

/**
 * PUT admin/clients/{clientId}: applies `body` (the registry's `updateClient`), audited
 * `staff.client_updated` with each field's before and after, in its transaction.
 * @returns the client as now stored
 * @throws 400 ERROR_CLIENT_PORTAL, ERROR_CLIENT_URI_*, ERROR_CLIENT_NAME_INVALID, ERROR_CLIENT_URIS_COUNT,
 *   ERROR_CLIENT_NOTHING_TO_CHANGE, ERROR_CLIENT_PUBLIC (a method for a public client); 404 ERROR_NOT_FOUND
 */
export async function changeClient(
  ctx: Ctx,
  caller: StaffCaller,
  clientId: string,
  body: AdminClientUpdateRequest,
  ip: string,
): Promise<AdminClient> {
  notThePortal(ctx, clientId);
  checkConsoleUris(body);
  const changes: ClientChanges = {
    ...(body.Name === undefined ? {} : { name: body.Name }),
    ...(body.RedirectUris === undefined ? {} : { redirectUris: body.RedirectUris }),
    ...(body.PostLogoutRedirectUris === undefined
      ? {}
      : { postLogoutRedirectUris: body.PostLogoutRedirectUris }),
    ...(body.BackchannelLogoutUri === undefined ? {} : { backchannelLogoutUri: body.BackchannelLogoutUri }),
    ...(body.FirstParty === undefined ? {} : { firstParty: body.FirstParty }),
    ...(body.TokenEndpointAuthMethod === undefined ? {} : { authMethod: body.TokenEndpointAuthMethod }),
    ...(body.RefreshTokens === undefined ? {} : { refreshTokens: body.RefreshTokens }),
  };
  const client = await answeringRefusals(() =>
    updateClient(ctx.db, clientId, changes, (trx, { before, after }) =>
      auditSetting(
        trx,
        caller,
        ip,
        'staff.client_updated',
        `client:${clientId}`,
        changesBetween(before, after),
      ),
    ),
  );
  if (!client) throw notFound();
  return describeClient(client, await redirectPatterns(ctx));
}

/**
 * POST admin/clients/{clientId}/secret: a new secret for a confidential client (the registry's
 * `rotateClientSecret`; the old one stops working at once), audited `staff.client_secret_rotated` (no
 * secret in it) in its transaction.
 * @returns the client and its new secret in clear: shown this once
 * @throws 400 ERROR_CLIENT_PORTAL, ERROR_CLIENT_PUBLIC; 404 ERROR_NOT_FOUND
 */
export async function rotateSecret(
  ctx: Ctx,
  caller: StaffCaller,
  clientId: string,
  ip: string,
): Promise<AdminClientSecretResponse> {
  notThePortal(ctx, clientId);
  const secret = await answeringRefusals(() =>
    rotateClientSecret(ctx.db, clientId, (trx) =>
      auditSetting(trx, caller, ip, 'staff.client_secret_rotated', `client:${clientId}`, []),
    ),
  );
  const client = secret === undefined ? undefined : await registeredClient(ctx.db, clientId);
  if (secret === undefined || !client) throw notFound();
  return { Client: describeClient(client, await redirectPatterns(ctx)), ClientSecret: secret };
}

/**
 * DELETE admin/clients/{clientId}: removes the client (the registry's `removeClient`, with the
 * provider's grants, codes and tokens of it), audited `staff.client_removed` in its transaction.
 * @throws 400 ERROR_CLIENT_PORTAL; 404 ERROR_NOT_FOUND
 */
export async function deleteClient(
  ctx: Ctx,
  caller: StaffCaller,
  clientId: string,
  ip: string,
): Promise<void> {
  notThePortal(ctx, clientId);
  const removed = await answeringRefusals(() =>
    removeClient(ctx.db, clientId, ctx.config.portalClientId, deletePayloadsOfClient, (trx, client) =>
      auditSetting(
        trx,
        caller,
        ip,
        'staff.client_removed',
        `client:${clientId}`,
        changesBetween(client, null),
      ),
    ),
  );
  if (!removed) throw notFound();
}

/** A stored pattern as the console shows it. */
function describePattern(ctx: Pick<AppContext, 'config'>, row: RedirectPatternRow): RedirectPattern {
  return { Id: String(row.id), Pattern: row.pattern, Configured: isConfiguredPattern(ctx, row.pattern) };
}

/**
 * GET admin/redirect-patterns: a page of the allow-list, by id.
 * @throws 400 ERROR_CURSOR_INVALID on `cursor` when it is not one this call gave
 */
export async function patternsPage(ctx: Ctx, query: PageQuery): Promise<RedirectPatternsResponse> {
  const limit = Math.min(query.limit, ADMIN_PAGE.max);
  const after =
    query.cursor === undefined
      ? undefined
      : Number(
          decodeKey(query.cursor, (key) => /^[1-9][0-9]{0,9}$/.test(key) && Number(key) <= 2_147_483_647),
        );
  const rows = await redirectPatternPage(ctx.db, { afterId: after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    Patterns: page.map((row) => describePattern(ctx, row)),
    NextCursor: rows.length > limit && last ? encodeKey(String(last.id)) : null,
  };
}

/**
 * POST admin/redirect-patterns: adds `pattern` (modules/redirect `addRedirectPattern`), audited
 * `staff.redirect_pattern_added` in its transaction.
 * @returns the stored pattern (scheme and host in lower case)
 * @throws 400 on `Pattern`: ERROR_REDIRECT_PATTERN_INVALID, ERROR_REDIRECT_PATTERN_SCHEME,
 *   ERROR_REDIRECT_PATTERN_TOO_BROAD, ERROR_REDIRECT_PATTERN_EXISTS
 */
export async function addPattern(
  ctx: Ctx,
  caller: StaffCaller,
  pattern: string,
  ip: string,
): Promise<RedirectPattern> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const added = await addRedirectPattern(trx, pattern);
    await auditSetting(
      trx,
      caller,
      ip,
      'staff.redirect_pattern_added',
      `redirect_pattern:${String(added.id)}`,
      [{ field: 'pattern', from: null, to: added.pattern }],
    );
    return added;
  });
  return describePattern(ctx, row);
}

/**
 * DELETE admin/redirect-patterns/{id}: removes the pattern, audited `staff.redirect_pattern_removed` in
 * its transaction. A configured pattern (`PUBLIC_URL`, `REDIRECT_PATTERNS`) is refused: every start
 * stores it again.
 * @throws 400 ERROR_REDIRECT_PATTERN_CONFIGURED; 404 ERROR_NOT_FOUND
 */
export async function deletePattern(ctx: Ctx, caller: StaffCaller, id: number, ip: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await removeRedirectPattern(trx, id);
    if (!removed) throw notFound();
    if (isConfiguredPattern(ctx, removed.pattern)) throw badRequest('ERROR_REDIRECT_PATTERN_CONFIGURED');
    await auditSetting(trx, caller, ip, 'staff.redirect_pattern_removed', `redirect_pattern:${String(id)}`, [
      { field: 'pattern', from: removed.pattern, to: null },
    ]);
  });
}

/**
 * POST admin/redirect-patterns/test: the real redirect check (modules/redirect `checkRedirectTarget`)
 * on `url`, with the pattern that allows it or why none does. Writes nothing.
 */
export async function testRedirect(ctx: Pick<AppContext, 'db'>, url: string): Promise<RedirectTestResponse> {
  const verdict = await checkRedirectTarget(ctx, url);
  return { Allowed: verdict.allowed, MatchedPattern: verdict.matchedPattern, Reason: verdict.reason };
}
