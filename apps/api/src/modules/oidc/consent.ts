/**
 * Consent for third-party clients (issue 21 §3; OIDC Core §3.1.2.4 "Authorization Server obtains End-User
 * Consent/Authorization"), as Logto, Auth0 or Keycloak ask it: a client that is not one of the hub's own
 * sites (`first_party`, clients.ts {@link isFirstParty}) is given the requested scopes only once the
 * player allowed them on the SPA's consent page, `/oauth/consent?uid=<interaction uid>`.
 *
 * - The interaction (interaction.ts) asks {@link consentNeeded}: a third-party client whose request
 *   names a scope the player has not granted it yet (in this provider session's grant or any other live
 *   grant of theirs to that client: consent is the player's, not a browser's), or that asks again with
 *   `prompt=consent` (OIDC Core §3.1.2.1). First-party clients never are.
 * - {@link askForConsent} records the player as the interaction's log-in (its `result`, oidc-provider's
 *   `interactionResult`, without going on) and sends the browser (303) to the consent page. Should the
 *   browser go on to the provider without deciding, the provider finds the scopes still missing and
 *   opens a new interaction: nothing is granted without the page.
 * - The page reads {@link consentDetailsOf} (`GET /oidc/interaction/:uid/details`) and posts the
 *   decision to {@link decideConsent} (`POST /oidc/interaction/:uid/consent`): allowed, the scopes are
 *   added to the grant and the interaction ends with the log-in and `consent: { grantId }`; denied, it
 *   ends with `access_denied` (OIDC Core §3.1.2.6), which the site receives at its redirect URI. Either
 *   way the answer is `{ RedirectUri }`, the provider's resume address the SPA sends the browser to.
 *   Both calls live under `/oidc/interaction/:uid` because oidc-provider's interaction cookie is scoped to
 *   that path; both require the portal session (identity cookie, spec §4) of the player recorded on the
 *   interaction. The decision's protection against cross-site requests is in consent-routes.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type Provider from 'oidc-provider';
import { LIMITS, type ConsentAnswer, type ConsentDetails } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { portalPlayerOfIdentity, type PortalPlayer } from '../session/index.ts';
import { SCOPE_CLAIMS } from './claims.ts';
import { isFirstParty } from './clients.ts';
import { grantedScopesOf } from './connected-sites.ts';

/** The SPA's consent page (its query: `uid`, the interaction's). */
export const CONSENT_PAGE_PATH = '/oauth/consent';

/** A pending interaction as oidc-provider's `interactionDetails` returns it. */
type PendingInteraction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The log-in an interaction ends with (oidc-provider `InteractionResults.login`). */
export type InteractionLogin = NonNullable<InteractionResults['login']>;

/** The consent page of interaction `uid` on the portal's origin. */
export function consentPageFor(ctx: Pick<AppContext, 'config'>, uid: string): string {
  return `${ctx.config.publicUrl}${CONSENT_PAGE_PATH}?${new URLSearchParams({ uid })}`;
}

/**
 * The requested scopes the provider knows, in the order of claims.ts (OIDC Core §5.4; RFC 6749 §3.3:
 * space-delimited); unknown ones are left out, as the provider leaves them out of the grant.
 */
export function knownScopes(scope: unknown): string[] {
  const requested = new Set((typeof scope === 'string' ? scope : '').split(' '));
  return Object.keys(SCOPE_CLAIMS).filter((one) => requested.has(one));
}

/** The grant of this provider session for the interaction's client, when it is `accountId`'s. */
async function sessionGrantOf(provider: Provider, details: PendingInteraction, accountId: string) {
  const grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  return grant?.accountId === accountId ? grant : undefined;
}

/**
 * The grant the interaction ends with for `accountId`: this provider session's, or a new one, with the
 * requested known scopes added; saved.
 * @returns its id (oidc-provider `consent.grantId`)
 */
export async function grantRequestedScopes(
  provider: Provider,
  details: PendingInteraction,
  accountId: string,
): Promise<string> {
  const clientId = String(details.params.client_id);
  const grant =
    (await sessionGrantOf(provider, details, accountId)) ?? new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(knownScopes(details.params.scope).join(' '));
  return grant.save();
}

/**
 * Must `player` be asked before interaction `details` ends? See the module comment: only for a
 * third-party client, when a requested scope is not granted yet or the request says `prompt=consent`.
 */
export async function consentNeeded(
  ctx: AppContext,
  provider: Provider,
  details: PendingInteraction,
  player: PortalPlayer,
): Promise<boolean> {
  const clientId = String(details.params.client_id);
  if (await isFirstParty(ctx, clientId)) return false;
  const prompts = typeof details.params.prompt === 'string' ? details.params.prompt.split(' ') : [];
  if (prompts.includes('consent')) return true;
  const granted = await grantedScopesOf(ctx, player.idUser, clientId);
  const session = await sessionGrantOf(provider, details, player.idUser);
  for (const scope of (session?.getOIDCScope() ?? '').split(' ')) granted.add(scope);
  return knownScopes(details.params.scope).some((scope) => !granted.has(scope));
}

/**
 * Records `login` as the interaction's (so the decision can only be the same player's) and sends the
 * browser to the consent page (303, not stored).
 */
export async function askForConsent(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  details: PendingInteraction,
  login: InteractionLogin,
): Promise<void> {
  await provider.interactionResult(request.raw, reply.raw, { login }, { mergeWithLastSubmission: false });
  await reply.header('cache-control', 'no-store').redirect(consentPageFor(ctx, details.uid), 303);
}

/**
 * The interaction `uid` of this browser, waiting for the consent of the portal session's player.
 * @throws 400 ERROR_REQUEST_INVALID when the browser's interaction is unknown, has expired or ended, or is
 *   not `uid` (oidc-provider's SessionNotFound, or ours)
 * @throws 401 ERROR_UNAUTHORIZED without an active portal session
 * @throws 403 ERROR_FORBIDDEN when the interaction does not wait for this player's consent (another
 *   player's, or one that never asked)
 */
async function pendingConsent(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<{ details: PendingInteraction; player: PortalPlayer; login: InteractionLogin }> {
  let details: PendingInteraction;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    // Loaded here, not at start: the provider (and so this error) exists only once it has been used.
    const { errors } = await import('oidc-provider');
    if (error instanceof errors.SessionNotFound) throw badRequest('ERROR_REQUEST_INVALID');
    throw error;
  }
  if (details.uid !== request.params.uid) throw badRequest('ERROR_REQUEST_INVALID');
  const identity = request.cookies[LIMITS.identityCookieName];
  const player = identity ? await portalPlayerOfIdentity(ctx, identity) : null;
  if (!player) throw unauthorized();
  const login = details.result?.login;
  if (login?.accountId !== player.idUser || details.result?.consent || details.result?.error) {
    throw forbidden();
  }
  return { details, player, login };
}

/**
 * `GET /oidc/interaction/:uid/details`: the site, where it sends the player back, the requested scopes
 * (those already granted marked) and the player asked. Errors as {@link pendingConsent}.
 */
export async function consentDetailsOf(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<ConsentDetails> {
  const { details, player } = await pendingConsent(ctx, provider, request, reply);
  const clientId = String(details.params.client_id);
  const client = await provider.Client.find(clientId);
  if (!client) throw badRequest('ERROR_REQUEST_INVALID');
  const granted = await grantedScopesOf(ctx, player.idUser, clientId);
  const session = await sessionGrantOf(provider, details, player.idUser);
  for (const scope of (session?.getOIDCScope() ?? '').split(' ')) granted.add(scope);
  const redirectUri = String(details.params.redirect_uri);
  const user = await findUserByIdUser(ctx.db, player.idUser);
  return {
    ClientId: clientId,
    ClientName: client.clientName ?? clientId,
    SiteHost: URL.canParse(redirectUri) ? new URL(redirectUri).host : '',
    Scopes: knownScopes(details.params.scope).map((scope) => ({ Scope: scope, Granted: granted.has(scope) })),
    Username: user?.username ?? '',
  };
}

/**
 * `POST /oidc/interaction/:uid/consent`: the player's decision ends the interaction — allowed: the
 * requested scopes join the grant, the interaction ends with the recorded log-in and the grant; denied:
 * it ends with `access_denied`. Errors as {@link pendingConsent}.
 * @returns where the browser goes next, the provider's resume address
 */
export async function decideConsent(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
  approve: boolean,
): Promise<ConsentAnswer> {
  const { details, player, login } = await pendingConsent(ctx, provider, request, reply);
  const result: InteractionResults = approve
    ? { login, consent: { grantId: await grantRequestedScopes(provider, details, player.idUser) } }
    : { error: 'access_denied', error_description: 'The player did not allow this site.' };
  const next = await provider.interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: false,
  });
  return { RedirectUri: new URL(next, ctx.config.publicUrl).href };
}
