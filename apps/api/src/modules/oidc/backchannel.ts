/**
 * Ending a player's sessions at the OpenID Provider when their portal sessions end, with back-channel
 * log-out (OpenID Connect Back-Channel Logout 1.0; issue 21 §1 "a player who logs out at the portal is
 * logged out of the partner sites that asked for it"; the rule: docs/security.md "Log-out propagation").
 *
 * When: every sign-out told through `ctx.signOuts` (lib/sign-outs.ts) — a portal log-out, a password
 * change or recovery, an e-mail address change, a ban (`npm run bans`, whose command builds a provider
 * of its own: {@link endProviderSessionsOnSignOutInCommand}), and account deletion, which waits for it
 * before erasing the player's rows (their provider sessions name the `sid`s the logout tokens carry).
 *
 * oidc-provider sends logout tokens only from its own end_session endpoint (RP-initiated log-out, which
 * needs the browser); those are API calls or commands, so this does what that endpoint's confirmation
 * does (`lib/actions/end_session.js`, with `logout=yes`), for every provider session of the player on
 * every device — found by their public id (`oidc_payloads.account_id`; a Session's row keeps its id,
 * adapter.ts):
 *
 * 1. each client the session signed in to loses its grant and the grant's codes and tokens, unless the
 *    authorization persists log-out (`offline_access`; Back-Channel Logout §2.7: refresh tokens issued
 *    with `offline_access` normally survive) — as the provider's own log-out does;
 * 2. the session is destroyed;
 * 3. every such client registered with a `backchannel_logout_uri` is sent the provider's signed
 *    logout_token (§2.4: `iss`, `aud` the client, `iat`, `jti`, `events` with
 *    `http://schemas.openid.net/event/backchannel-logout`, `sub` and the session's `sid`) through the
 *    client's own `backchannelLogout` (oidc-provider's Client model; its fetch times out after 2.5 s).
 *
 * The notifications are sent at once and awaited together; a partner that is down, slow or answers
 * other than 200/204 is logged (`warn`) and never makes this throw, so the portal's log-out neither fails
 * nor waits on a partner (the caller also runs this after the answer, lib/sign-outs.ts).
 */
import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { isoNow } from '../../lib/time.ts';
import { loadIdTokenSigningKeys } from '../session/index.ts';
import { findUidsOfAccount } from './store.ts';

/**
 * oidc-provider 9's `Client#backchannelLogout(sub, sid)` (lib/models/client.js): signs the logout_token
 * and POSTs it to the client's `backchannel_logout_uri`, rejecting unless the answer is 200 or 204. The
 * method is part of the Client model but not of its published types.
 */
interface BackchannelLogoutClient {
  backchannelLogout(sub: string, sid: string | undefined): Promise<void>;
}

/** Does `client` have oidc-provider's `backchannelLogout` method? */
function canLogOut(client: object): client is BackchannelLogoutClient {
  return typeof (client as Partial<BackchannelLogoutClient>).backchannelLogout === 'function';
}

/** What {@link endProviderSessions} did, for the log and the tests. */
export interface ProviderSignOut {
  /** Provider sessions destroyed. */
  sessions: number;
  /** Clients that acknowledged their logout_token (200 or 204). */
  notified: string[];
  /** Clients whose back-channel log-out failed (down, time-out, another status). */
  failed: string[];
}

/**
 * Ends every provider session of player `accountId` (their public id) and sends the back-channel
 * logout tokens (see the module comment).
 * @throws only when the store fails (reading or deleting the sessions and grants); a partner's failure
 *   is logged and counted in `failed`
 */
export async function endProviderSessions(
  ctx: Pick<AppContext, 'db' | 'log'>,
  provider: Provider,
  accountId: string,
): Promise<ProviderSignOut> {
  const outcome: ProviderSignOut = { sessions: 0, notified: [], failed: [] };
  const notifications: Promise<void>[] = [];
  for (const uid of await findUidsOfAccount(ctx.db, 'Session', accountId, isoNow())) {
    const session = await provider.Session.findByUid(uid);
    if (session?.accountId !== accountId) continue;
    for (const clientId of Object.keys(session.authorizations ?? {})) {
      const grantId = session.grantIdFor(clientId);
      if (grantId && !session.authorizationFor(clientId).persistsLogout) {
        await provider.AccessToken.revokeByGrantId(grantId);
        await provider.RefreshToken.revokeByGrantId(grantId);
        await provider.AuthorizationCode.revokeByGrantId(grantId);
        await (await provider.Grant.find(grantId))?.destroy();
      }
      const client = await provider.Client.find(clientId).catch(() => undefined);
      if (!client?.backchannelLogoutUri || !canLogOut(client)) continue;
      const sid = session.sidFor(clientId);
      notifications.push(
        client.backchannelLogout(accountId, sid).then(
          () => {
            outcome.notified.push(clientId);
          },
          (error: unknown) => {
            outcome.failed.push(clientId);
            ctx.log.warn({ err: error, clientId }, 'back-channel log-out of a client failed');
          },
        ),
      );
    }
    await session.destroy();
    outcome.sessions += 1;
  }
  await Promise.all(notifications);
  return outcome;
}

/**
 * Makes every sign-out told through `ctx.signOuts` end the player's provider sessions with back-channel
 * log-out ({@link endProviderSessions}), on the provider `provider()` gives at that time (a node's is
 * rebuilt when its keys change, routes.ts). What was done is logged (`info`) when there was a session.
 */
export function endProviderSessionsOnSignOut(
  ctx: Pick<AppContext, 'db' | 'log' | 'signOuts'>,
  provider: () => Promise<Provider>,
): void {
  ctx.signOuts.listen(async (idUser) => {
    const outcome = await endProviderSessions(ctx, await provider(), idUser);
    if (outcome.sessions > 0) ctx.log.info(outcome, 'provider sessions ended with the portal sessions');
  });
}

/**
 * {@link endProviderSessionsOnSignOut} for an operator command (`npm run bans`; cli/command-context.ts),
 * which has no node's provider: one is built on the stored signing keys, as a node builds its own, so
 * the logout tokens are signed with the keys the partners know from the JWKS (provider.ts, and
 * `oidc-provider` with it, is loaded here: nothing of it is loaded before a node or command uses it).
 * @throws SealedSecretError when a stored RS256 key's key-encryption key is not configured
 */
export async function endProviderSessionsOnSignOutInCommand(ctx: AppContext): Promise<void> {
  const keys = await loadIdTokenSigningKeys(ctx.db, ctx.keys);
  const { buildProvider } = await import('./provider.ts');
  const provider = buildProvider(ctx, [...keys.keys, ctx.signingKey.privateJwk]);
  endProviderSessionsOnSignOut(ctx, () => Promise.resolve(provider));
}
