/**
 * The running OpenID Provider of a node (issue 21): the `oidc-provider` instance on the key store's
 * signing keys, rebuilt when those keys change, shared by the provider's own routes (routes.ts), the
 * spec's compatibility calls (modules/sso) and the portal's log-out (backchannel.ts).
 *
 * Signing keys: the RS256 ID-token keys (the signing one, announced and retiring ones; rotation in
 * session/signing-keys.ts) and the access tokens' EdDSA key of the key store (session module), all
 * published at `/oidc/jwks`. The RS256 keys are read again every OIDC_KEY_CHECK_SECONDS and at each
 * planned activation or retirement; when the set changed, the provider is rebuilt on it (its state is
 * all in the store and the cookies, so nothing is lost).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { loadIdTokenSigningKeys, type IdTokenSigningKeys } from '../session/index.ts';
import { auditProviderEvents } from './audit-events.ts';
import { countClientAuthenticationFailures } from './throttle.ts';
import { buildProvider } from './provider.ts';

/** oidc-provider's Node request handler (`provider.callback()`). */
export type ProviderCallback = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** The provider of the moment and its request handler. */
export interface ProviderInstance {
  provider: Provider;
  callback: ProviderCallback;
}

/** The node's provider, on the keys of now. */
export interface OidcEngine {
  /** The provider on the signing keys of now (read again when due; see the module comment). */
  current(): Promise<ProviderInstance>;
}

/**
 * Builds the node's provider on the key store's signing keys.
 * @throws SealedSecretError when a stored RS256 key's key-encryption key is not configured
 */
export async function startOidcEngine(ctx: AppContext): Promise<OidcEngine> {
  const build = (keys: IdTokenSigningKeys) => {
    const provider = buildProvider(ctx, [...keys.keys, ctx.signingKey.privateJwk]);
    countClientAuthenticationFailures(ctx, provider);
    auditProviderEvents(ctx, provider);
    return { provider, callback: provider.callback() as ProviderCallback, keys };
  };
  const fingerprint = (keys: IdTokenSigningKeys) => keys.keys.map((key) => key.kid).join(' ');
  let instance = build(await loadIdTokenSigningKeys(ctx.db, ctx.keys));
  let checkedAt = Date.now();
  return {
    async current() {
      const now = Date.now();
      const planned = instance.keys.nextChange;
      if (now - checkedAt < ctx.config.oidcKeyCheckSeconds * 1000 && (planned === null || now < planned))
        return instance;
      checkedAt = now;
      const keys = await loadIdTokenSigningKeys(ctx.db, ctx.keys, now);
      instance = fingerprint(keys) === fingerprint(instance.keys) ? { ...instance, keys } : build(keys);
      return instance;
    },
  };
}
