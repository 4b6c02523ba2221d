/**
 * The OpenID Provider's clients (oidc-provider's `Client` model, OpenID Connect Dynamic Client
 * Registration §2 metadata) read from the hub's `oauth_clients` (the sso module), so the provider and the
 * spec's calls share one registry:
 *
 * - `redirect_uris`: the registered ones that also pass the redirect allow-list (spec §1; modules/redirect),
 *   so removing a pattern disables its URIs here too; the provider then compares a request's
 *   `redirect_uri` exactly (RFC 9700 §4.1.3);
 * - a client with a secret is confidential, authenticating with its `token_endpoint_auth_method`
 *   (`client_secret_basic` or `client_secret_post`, RFC 6749 §2.3.1); its `client_secret` metadata is the
 *   stored SHA-256 hex, never the secret, and provider.ts compares the hash of the presented secret with
 *   it. A client without one — the portal itself, a browser or native app — is public (`none`, RFC 6749
 *   §2.1), PKCE being required of every client;
 * - `post_logout_redirect_uris` (RP-Initiated Logout 1.0 §3.1) pass the redirect allow-list too, and are
 *   then compared exactly by the provider;
 * - `backchannel_logout_uri` (Back-Channel Logout 1.0 §2.2) with `backchannel_logout_session_required`:
 *   every logout_token names the session (`sid`) as well as the player (`sub`);
 * - grants `authorization_code`, and `refresh_token` unless the client was registered without refresh
 *   tokens; `response_types` `code`.
 * First- or third-party ({@link isFirstParty}) is the hub's own notion (consent), not provider metadata.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { isFirstPartyClient, registeredClient } from '../oauth-clients/index.ts';
import { isStorableKey } from './adapter.ts';

/** The grants the provider serves (RFC 6749 §4.1, §6); a stored other one is left out. */
const GRANT_TYPES = new Set(['authorization_code', 'refresh_token']);

/** The URIs of `uris` that pass the redirect allow-list, in order. */
async function allowedUris(ctx: AppContext, uris: string[]): Promise<string[]> {
  const allowed = await Promise.all(uris.map((uri) => allowedRedirectOrNull(ctx, uri)));
  return allowed.filter((uri): uri is string => uri !== null);
}

/**
 * The provider's metadata of client `clientId`, or undefined when it is not registered (or cannot be:
 * a NUL character or lone surrogate in the id).
 */
export async function clientMetadataOf(
  ctx: AppContext,
  clientId: string,
): Promise<AdapterPayload | undefined> {
  if (!isStorableKey(clientId)) return undefined;
  const client = await registeredClient(ctx.db, clientId);
  if (!client) return undefined;
  const grantTypes = client.grantTypes.filter((grant) => GRANT_TYPES.has(grant));
  return {
    client_id: client.clientId,
    client_name: client.name,
    redirect_uris: await allowedUris(ctx, client.redirectUris),
    post_logout_redirect_uris: await allowedUris(ctx, client.postLogoutRedirectUris),
    ...(client.backchannelLogoutUri
      ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true }
      : {}),
    grant_types: grantTypes.includes('authorization_code') ? grantTypes : ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod,
    ...(client.secretHash && client.tokenEndpointAuthMethod !== 'none'
      ? { client_secret: client.secretHash }
      : {}),
  };
}

/**
 * Is client `clientId` one of the hub's own sites (`first_party`)? First-party clients skip the consent
 * page (issue 21 §3); third-party ones and unknown ids do not.
 */
export async function isFirstParty(ctx: Pick<AppContext, 'db'>, clientId: string): Promise<boolean> {
  return isStorableKey(clientId) && (await isFirstPartyClient(ctx.db, clientId));
}

/**
 * The `Client` model's adapter: reads `oauth_clients`; clients are registered by the operator
 * (`npm run clients`), never through the provider (no dynamic registration), so writes are refused.
 */
export class ClientAdapter implements Adapter {
  private readonly ctx: AppContext;

  /** The adapter reading the clients of `ctx`'s store. */
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Client `id`'s metadata, if registered. */
  find(id: string): Promise<AdapterPayload | undefined> {
    return clientMetadataOf(this.ctx, id);
  }

  /** @throws Error: clients are not written through the provider */
  upsert(): Promise<void> {
    return Promise.reject(new Error('clients are registered by the operator, not through the provider'));
  }

  /** @throws Error: clients are not deleted through the provider */
  destroy(): Promise<void> {
    return Promise.reject(new Error('clients are removed by the operator, not through the provider'));
  }

  /** Clients have no uid. */
  findByUid(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  /** Clients have no user code. */
  findByUserCode(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  /** Clients are not consumed. */
  consume(): Promise<void> {
    return Promise.resolve();
  }

  /** Clients belong to no grant. */
  revokeByGrantId(): Promise<void> {
    return Promise.resolve();
  }
}
