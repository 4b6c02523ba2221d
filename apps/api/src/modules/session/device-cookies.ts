/**
 * Known-device cookies (OWASP "Slow down online guessing attacks with device cookies"; DESIGN.md §5;
 * docs/security.md "Throttling"): a successful password log-in gives the browser a cookie that names
 * the account and a random device id, signed with the API's EdDSA key (a JWS, `typ` device+jwt, so it can
 * never pass for an access token, and an access token never for it). A browser presenting a valid one
 * for the account it logs in to is a known device, which the account-wide and address-wide limits of
 * login-throttle.ts do not hold off.
 *
 * One cookie per account (its name carries a digest of the account's public id), so several players of
 * one browser each keep theirs. HttpOnly, SameSite=Strict, Secure on https, sent only to the log-in
 * calls (`Path=/api/log`), `DEVICE_COOKIE_DAYS` long.
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { findUserByIdUser } from '../accounts/index.ts';
import { signToken, verifySignedToken, type SignedTokenKind } from '../../lib/signed-tokens.ts';

/** Device tokens: their own `typ` and audience (the log-in throttle of this portal). */
const DEVICE: SignedTokenKind = { typ: 'device+jwt', audience: 'guildgate:known-device' };
/** The path the cookie is sent to: the log-in calls of spec §7 (`log/log-in`, `log/user/{id}/log-in`). */
export const DEVICE_COOKIE_PATH = '/api/log';

/** The device cookie's name for the player `idUser`: `_g2g_device_` and 16 hex of a SHA-256 of the id. */
export function deviceCookieName(idUser: string): string {
  return `_g2g_device_${sha256(`device:${idUser}`).slice(0, 16)}`;
}

/** A verified device token. */
export interface KnownDevice {
  /** The device's random id (the token's `jti`). */
  id: string;
}

/** A new device token for `idUser` (lib/signed-tokens.ts: `sub`, `jti`, `iat`, `exp`, `iss`, `aud`). */
export function issueDeviceToken(ctx: AppContext, idUser: string): Promise<string> {
  const days = ctx.config.loginThrottle.deviceCookieDays;
  return signToken(ctx, DEVICE, { subject: idUser, ttlSeconds: days * 86_400 });
}

/**
 * Checks a device token for `idUser`: our signature, `typ`, issuer, audience, unexpired, the same
 * player, and signed after the player last forgot their known devices (`users.devices_forgotten_at`,
 * set by "This wasn't me", issue 22 §6; a token of that very second counts as forgotten).
 * @returns the device, or null for anything else (another player's, tampered, expired, forgotten, not a
 *   token)
 */
export async function verifyDeviceToken(
  ctx: AppContext,
  token: string,
  idUser: string,
): Promise<KnownDevice | null> {
  const checked = await verifySignedToken(ctx, DEVICE, token, idUser);
  if (!checked.valid) return null;
  const forgottenAt = (await findUserByIdUser(ctx.db, idUser))?.devices_forgotten_at;
  if (forgottenAt) {
    const signedAt = (checked.payload.iat ?? 0) * 1000;
    if (signedAt <= Date.parse(forgottenAt)) return null;
  }
  return { id: checked.payload.jti };
}

/** Gives the browser of `reply` a new device cookie for `idUser` (after a successful password log-in). */
export async function setDeviceCookie(ctx: AppContext, reply: FastifyReply, idUser: string): Promise<void> {
  const days = ctx.config.loginThrottle.deviceCookieDays;
  void reply.setCookie(deviceCookieName(idUser), await issueDeviceToken(ctx, idUser), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAge: days * 86_400,
  });
}
