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
 *
 * Loading: the keys are read (and unsealed) when the node starts, but the provider — provider.ts, and
 * `oidc-provider` with koa and the rest of its dependencies — is loaded and built at its first use
 * (`current()`: a request under /oidc, the spec's calls that use it in-process, a back-channel log-out),
 * which saves a node that never serves it their memory (issue 23 P5).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { loadIdTokenSigningKeys, type IdTokenSigningKeys } from '../session/index.ts';
import { auditProviderEvents } from './audit-events.ts';
import { countClientAuthenticationFailures } from './throttle.ts';

/** oidc-provider's Node request handler (`provider.callback()`). */
export type ProviderCallback = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/** The provider of the moment and its request handler. */
export interface ProviderInstance {
  provider: Provider;
  callback: ProviderCallback;
}

/** The node's provider, on the keys of now. */
export interface OidcEngine {
  /**
   * The provider on the signing keys of now (read again when due; see the module comment), built at the
   * first call (concurrent first calls share one build).
   * @throws Error when the provider cannot be built (an invalid configuration); the next call tries again
   */
  current(): Promise<ProviderInstance>;
}

/**
 * Reads the key store's signing keys for the node's provider, which is built on them at its first use
 * (see the module comment).
 * @throws SealedSecretError when a stored RS256 key's key-encryption key is not configured
 */
export async function startOidcEngine(ctx: AppContext): Promise<OidcEngine> {
  const build = async (signingKeys: IdTokenSigningKeys): Promise<ProviderInstance> => {
    const { buildProvider } = await import('./provider.ts');
    const provider = buildProvider(ctx, [...signingKeys.keys, ctx.signingKey.privateJwk]);
    countClientAuthenticationFailures(ctx, provider);
    auditProviderEvents(ctx, provider);
    return { provider, callback: provider.callback() };
  };
  const fingerprint = (of: IdTokenSigningKeys) => of.keys.map((key) => key.kid).join(' ');
  let keys = await loadIdTokenSigningKeys(ctx.db, ctx.keys);
  let checkedAt = Date.now();
  /** The provider on `keys`, once asked for (a failed build is forgotten, so the next call tries again). */
  let instance: Promise<ProviderInstance> | undefined;
  const instanceOn = (signingKeys: IdTokenSigningKeys): Promise<ProviderInstance> => {
    const building = build(signingKeys).catch((error: unknown) => {
      if (instance === building) instance = undefined;
      throw error;
    });
    instance = building;
    return building;
  };
  return {
    async current() {
      const now = Date.now();
      const planned = keys.nextChange;
      if (now - checkedAt >= ctx.config.oidcKeyCheckSeconds * 1000 || (planned !== null && now >= planned)) {
        checkedAt = now;
        const fresh = await loadIdTokenSigningKeys(ctx.db, ctx.keys, now);
        const changed = fingerprint(fresh) !== fingerprint(keys);
        keys = fresh;
        if (changed) return instanceOn(fresh);
      }
      return instance ?? instanceOn(keys);
    },
  };
}
