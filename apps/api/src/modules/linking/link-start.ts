/**
 * Shared checks of the linking routes (spec §7 Linking; §4 Linking a provider; DESIGN.md §5 redirect
 * allow-list): the callback path a link asks for, the partner address it may return to, and the
 * redirect a redeemed link sends the browser on with.
 */
import type { FastifyReply } from 'fastify';
import type { LinkProvider } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { ipBanGuard } from '../bans/index.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { PROVIDER_CODES } from './provider-codes.ts';

/**
 * Route options of a player's link call to `provider`: the per-IP rate limit, the player's bearer
 * (401 without), and the provider's IP-ban variant (400 ERROR_USER_IP_BANNED_{provider}_LINK).
 */
export function playerLinkRoute(ctx: AppContext, provider: LinkProvider) {
  return {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    preHandler: ipBanGuard(ctx, PROVIDER_CODES[provider].ipBanned),
  };
}

/**
 * The allow-listed partner address a link returns to, or null when none was given.
 * @throws 400 ERROR_REDIRECT_NOT_ALLOWED (Property redirectUrl) for an address the allow-list refuses
 */
export async function checkedRedirectUrl(
  ctx: AppContext,
  redirectUrl: string | null | undefined,
): Promise<string | null> {
  if (!redirectUrl) return null;
  const allowed = await allowedRedirectOrNull(ctx, redirectUrl);
  if (!allowed) throw badRequest('ERROR_REDIRECT_NOT_ALLOWED', 'redirectUrl');
  return allowed;
}

/**
 * Refuses a callback path other than `allowed` (spec §7: each provider names its own).
 * @throws 400 ERROR_LINK_CALLBACK_INVALID (Property callbackPath)
 */
export function requireCallbackPath(callbackPath: string | null | undefined, ...allowed: string[]): string {
  if (!callbackPath || !allowed.includes(callbackPath)) {
    throw badRequest('ERROR_LINK_CALLBACK_INVALID', 'callbackPath');
  }
  return callbackPath;
}

/** The first §8 code of an error the API raised, or null for anything else. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof AppError ? (error.items[0]?.ErrorMessage ?? null) : null;
}

/** Throws a recorded redemption failure again with its status (503 for "not reachable", else 400). */
export function replayRecordedError(code: string): never {
  const status = code.endsWith('_NOT_REACHABLE') ? 503 : 400;
  throw new AppError(status, [{ Property: '', ErrorMessage: code }]);
}

/**
 * Sends the browser from an API-side redemption on to the SPA's callback page (303, no referrer, not
 * cached): `path?[redirectUrl=…&]state=…`.
 */
export function sendToSpaCallback(
  ctx: AppContext,
  reply: FastifyReply,
  path: string,
  state: string,
  redirectUrl: string | null,
): FastifyReply {
  const target = new URL(`${ctx.config.publicUrl}${path}`);
  if (redirectUrl) target.searchParams.set('redirectUrl', redirectUrl);
  target.searchParams.set('state', state);
  return reply
    .code(303)
    .header('location', target.href)
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .send();
}
