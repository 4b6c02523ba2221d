/**
 * The OpenID Provider's part of the audit trail (docs/security.md "Audit"; issue 21 §2: the events the
 * hand-written authorization and token code wrote before, now from the provider's own events), each
 * with the player (when known), the caller's IP and the client:
 * - `oidc.code_issued` — an authorization code issued (`authorization.success`): `{ clientId, scope }`;
 * - `oidc.token_issued` — a token request answered (`grant.success`): `{ clientId, grantType }`;
 * - `oidc.replay_refused` — a code or refresh token presented again, refused, and its grant revoked
 *   (`grant.error` whose detail is "… already consumed"; RFC 6749 §4.1.2, RFC 9700 §4.14.2): `{ clientId, grantType }`.
 * Writing an event never delays or fails the provider's answer: a failed write is logged (`warn`).
 */
import type Provider from 'oidc-provider';
import type { errors, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';

/** The player an event is about: the account of the request's code, token or session, if any. */
function accountOf(koa: KoaContextWithOIDC): string | undefined {
  const { entities } = koa.oidc;
  return (
    entities.AuthorizationCode?.accountId ??
    entities.AccessToken?.accountId ??
    entities.RefreshToken?.accountId ??
    koa.oidc.session?.accountId
  );
}

/** The token request's `grant_type` ('' when absent). */
function grantTypeOf(koa: KoaContextWithOIDC): string {
  const grantType = koa.oidc.params?.grant_type;
  return typeof grantType === 'string' ? grantType : '';
}

/** Records `type` for the request `koa` (after the answer; a failure is logged). */
function record(
  ctx: AppContext,
  koa: KoaContextWithOIDC,
  type: string,
  detail: Record<string, unknown>,
): void {
  const accountId = accountOf(koa);
  const ip = koa.ip;
  const write = async () => {
    const player = accountId === undefined ? undefined : await findUserByIdUser(ctx.db, accountId);
    await audit(ctx, player?.id ?? null, type, ip, {
      clientId: koa.oidc.client?.clientId ?? null,
      ...detail,
    });
  };
  write().catch((error: unknown) => ctx.log.warn({ err: error, type }, 'could not write an audit event'));
}

/** Subscribes the audit trail to `provider`'s events (see the module comment). */
export function auditProviderEvents(ctx: AppContext, provider: Provider): void {
  provider.on('authorization.success', (koa) => {
    if (koa.oidc.entities.AuthorizationCode === undefined) return;
    record(ctx, koa, 'oidc.code_issued', { scope: koa.oidc.entities.AuthorizationCode.scope ?? '' });
  });
  provider.on('grant.success', (koa) => {
    record(ctx, koa, 'oidc.token_issued', { grantType: grantTypeOf(koa) });
  });
  provider.on('grant.error', (koa, error: errors.OIDCProviderError) => {
    if (error.error !== 'invalid_grant' || !/already consumed/.test(error.error_detail ?? '')) return;
    record(ctx, koa, 'oidc.replay_refused', { grantType: grantTypeOf(koa) });
  });
}
