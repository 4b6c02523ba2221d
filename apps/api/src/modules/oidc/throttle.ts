/**
 * Secret guessing at the OpenID Provider's client-authenticating endpoints (RFC 6749 §2.3.1 "the
 * authorization server MUST protect any endpoint utilizing [client passwords] against brute force
 * attacks"; RFC 9700 §4.16; docs/security.md): the token, introspection (RFC 7662) and revocation
 * (RFC 7009) endpoints count their failed client authentications per IP in the same window and counter
 * as the spec's POST oauth/token (`oauth-token-failures`, RATE_LIMIT_PER_MINUTE a minute); an IP over
 * it is refused 429 ERROR_RATE_LIMITED (Retry-After 60) before its credentials are looked at.
 */
import type Provider from 'oidc-provider';
import type { errors, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { rateLimited } from '../../lib/errors.ts';
import { consumedBy, tryConsume } from '../rate-limits/index.ts';

/** The provider's paths (under the issuer) where clients authenticate. */
const CLIENT_AUTHENTICATING_PATHS = new Set(['/token', '/token/introspection', '/token/revocation']);

/** The counters' window, seconds. */
const WINDOW_SECONDS = 60;

/** The limiter of failed client authentications per IP, shared with the sso module's token endpoint. */
function failuresOf(ctx: AppContext) {
  const points = ctx.config.rateLimitPerMinute;
  return ctx.rateLimits.limiter('oauth-token-failures', { points, durationSeconds: WINDOW_SECONDS });
}

/**
 * Refuses a request to a client-authenticating endpoint (`path`, under the issuer) from `ip` when that
 * address failed too many client authentications in the window.
 * @throws AppError 429 ERROR_RATE_LIMITED with Retry-After
 */
export async function refuseSecretGuessing(ctx: AppContext, path: string, ip: string): Promise<void> {
  if (!CLIENT_AUTHENTICATING_PATHS.has(path)) return;
  if ((await consumedBy(failuresOf(ctx), ip)) >= ctx.config.rateLimitPerMinute)
    throw rateLimited(WINDOW_SECONDS);
}

/** Counts every `invalid_client` answer of `provider`'s client-authenticating endpoints against its IP. */
export function countClientAuthenticationFailures(ctx: AppContext, provider: Provider): void {
  const count = (koa: KoaContextWithOIDC, error: errors.OIDCProviderError) => {
    if (error.error !== 'invalid_client') return;
    tryConsume(failuresOf(ctx), koa.ip).catch((failure: unknown) =>
      ctx.log.warn({ err: failure }, 'could not count a failed client authentication'),
    );
  };
  provider.on('grant.error', count);
  provider.on('introspection.error', count);
  provider.on('revocation.error', count);
}
