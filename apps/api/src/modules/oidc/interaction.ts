/**
 * The OpenID Provider's interaction (oidc-provider `interactions.url`; OIDC Core §3.1.2.3 "the
 * Authorization Server authenticates the End-User", §3.1.2.4 consent): `GET /oidc/interaction/:uid`.
 *
 * The portal's own log-in pages are the interaction's UI, so a partner's player never sees another log-in
 * page. The player is recognised by the portal's session, the identity cookie `_g2g_identity_` (spec §4
 * Session; the checks of GET token/{identity}):
 * - signed in: the log-in prompt is ended with the player's public id as the account (`sub`) and the
 *   portal session's last proof of the password as the authentication time (OIDC Core §2 `auth_time`),
 *   and the requested scopes are granted — at once for a first-party client or scopes the player already
 *   granted, else once the player allowed them on the SPA's consent page (303 there; consent.ts);
 * - not signed in: 303 to the SPA's `/login?redirectUrl=<this page's absolute URL>`. The URL is on the
 *   redirect allow-list (`${PUBLIC_URL}/` is seeded), so once the player has logged in — or at once when
 *   the cookie, `SameSite=Strict`, was only held back because the authorization request came from another
 *   site — the SPA sends the browser back here, and the interaction ends as above;
 * - a request that demands a fresh log-in (`prompt=login`, or a `max_age` older than the portal
 *   session's log-in) ends with `login_required` (OIDC Core §3.1.2.6): the portal cannot show its log-in
 *   page to a signed-in player yet.
 * An unknown or expired interaction, or one of another browser, answers 400 (oidc-provider's
 * SessionNotFound) in the §8 shape.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { LIMITS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { portalPlayerOfIdentity } from '../session/index.ts';
import { askForConsent, consentNeeded, grantRequestedScopes } from './consent.ts';
import { interactionPath } from './issuer.ts';
import { hijackKeepingHeaders } from '../../plugins/security.ts';

/** The SPA's log-in page that comes back to interaction `uid` (spec §2 /login, common query redirectUrl). */
export function loginPageFor(ctx: Pick<AppContext, 'config'>, uid: string): string {
  const back = `${ctx.config.publicUrl}${interactionPath(uid)}`;
  return `${ctx.config.publicUrl}/login?${new URLSearchParams({ redirectUrl: back })}`;
}

/**
 * Handles `GET /oidc/interaction/:uid` (see the module comment).
 * @throws oidc-provider's SessionNotFound (400) when the browser's interaction is not `uid` or has ended
 */
export async function handleInteraction(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<void> {
  const details = await provider.interactionDetails(request.raw, reply.raw);
  if (details.uid !== request.params.uid) {
    // Loaded here, not at start (the provider, loaded at its first use, has already loaded it).
    const { errors } = await import('oidc-provider');
    throw new errors.SessionNotFound('this page belongs to another sign-in request');
  }
  const identity = request.cookies[LIMITS.identityCookieName];
  const player = identity ? await portalPlayerOfIdentity(ctx, identity) : null;
  if (!player) {
    await reply.header('cache-control', 'no-store').redirect(loginPageFor(ctx, details.uid), 303);
    return;
  }
  const finish = async (result: InteractionResults) => {
    hijackKeepingHeaders(reply);
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  };
  const authTime = player.authTime ? Math.floor(Date.parse(player.authTime) / 1000) : undefined;
  const maxAge = Number(details.params.max_age);
  const tooOld =
    details.params.max_age !== undefined &&
    (authTime === undefined || authTime + maxAge < Math.floor(Date.now() / 1000));
  if (details.prompt.reasons.includes('login_prompt') || tooOld) {
    return finish({
      error: 'login_required',
      error_description: 'The player must log in again at the portal first.',
    });
  }
  // Another player signed in at the provider in this browser: forget that provider session.
  if (details.session && details.session.accountId !== player.idUser) {
    await (await provider.Session.findByUid(details.session.uid))?.destroy();
    delete details.session;
    await details.persist();
  }
  const login = { accountId: player.idUser, ...(authTime ? { ts: authTime } : {}) };
  if (await consentNeeded(ctx, provider, details, player)) {
    await askForConsent(ctx, provider, request, reply, details, login);
    return;
  }
  await finish({ login, consent: { grantId: await grantRequestedScopes(provider, details, player.idUser) } });
}
