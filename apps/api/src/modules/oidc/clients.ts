/**
 * The OpenID Provider's clients (oidc-provider's `Client` model, OpenID Connect Dynamic Client
 * Registration §2 metadata) read from the hub's `oauth_clients` (the sso module), so the provider and the
 * spec's calls share one registry:
 *
 * - `redirect_uris`: the registered ones that also pass the redirect allow-list (spec §1; modules/redirect),
 *   so removing a pattern disables its URIs here too; the provider then compares a request's
 *   `redirect_uri` exactly (RFC 9700 §4.1.3);
 * - a client with a secret is confidential (`client_secret_basic`, RFC 6749 §2.3.1); its `client_secret`
 *   metadata is the stored SHA-256 hex, never the secret, and provider.ts compares the hash of the
 *   presented secret with it. A client without one — the portal itself — is public (`none`);
 * - grants `authorization_code` and `refresh_token`, `response_types` `code`.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { registeredClient } from '../sso/index.ts';
import { isStorableKey } from './adapter.ts';

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
  const allowed = await Promise.all(client.redirectUris.map((uri) => allowedRedirectOrNull(ctx, uri)));
  return {
    client_id: client.clientId,
    client_name: client.name,
    redirect_uris: allowed.filter((uri): uri is string => uri !== null),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(client.secretHash
      ? { client_secret: client.secretHash, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/**
 * The `Client` model's adapter: reads `oauth_clients`; clients are registered by the operator
 * (`npm run client-secrets`), never through the provider (no dynamic registration), so writes are refused.
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
