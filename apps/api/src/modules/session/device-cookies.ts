/**
 * Known-device cookies (OWASP "Slow down online guessing attacks with device cookies"; DESIGN.md §5;
 * docs/security.md "Throttling"): a successful password log-in gives the browser a cookie that names
 * the account and a random device id, MACed with the API's token key (lib/signed-tokens.ts: an HS256 JWS,
 * `typ` device+jwt, so it can never pass for an access token, and an access token never for it). A browser presenting a valid one
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
  /** When its token was signed, ms since the epoch (the token's `iat`). */
  issuedAt: number;
}

/**
 * How long a device token stays fresh, ms (a day): a log-in from a known device whose token is younger
 * is not given a new one ({@link needsNewDeviceCookie}). The cookie's lifetime thus slides by the day.
 */
export const DEVICE_COOKIE_FRESH_MS = 86_400_000;

/**
 * Does a log-in that presented `device` (null: none, or not valid) need a new device cookie? Yes unless
 * the presented one was signed less than {@link DEVICE_COOKIE_FRESH_MS} ago: re-signing a fresh cookie
 * on every log-in would only cost time and header bytes.
 */
export function needsNewDeviceCookie(device: KnownDevice | null | undefined, now = Date.now()): boolean {
  return !device || now - device.issuedAt >= DEVICE_COOKIE_FRESH_MS;
}

/** A new device token for `idUser` (lib/signed-tokens.ts: `sub`, `jti`, `iat`, `exp`, `iss`, `aud`). */
export function issueDeviceToken(ctx: AppContext, idUser: string): string {
  const days = ctx.config.loginThrottle.deviceCookieDays;
  return signToken(ctx, DEVICE, { subject: idUser, ttlSeconds: days * 86_400 });
}

/**
 * Checks a device token for `idUser`: our signature, `typ`, issuer, audience, unexpired, the same
 * player, and signed after the player last forgot their known devices (`users.devices_forgotten_at`,
 * set by "This wasn't me", issue 22 §6; a token of that very second counts as forgotten).
 * @param devicesForgottenAt the player's `devices_forgotten_at` when the caller has just read the player
 *   (null: never); undefined to have it read from the store (only for a valid token)
 * @returns the device, or null for anything else (another player's, tampered, expired, forgotten, not a
 *   token)
 */
export async function verifyDeviceToken(
  ctx: AppContext,
  token: string,
  idUser: string,
  devicesForgottenAt?: string | null,
): Promise<KnownDevice | null> {
  const checked = verifySignedToken(ctx, DEVICE, token, idUser);
  if (!checked.valid) return null;
  const forgottenAt =
    devicesForgottenAt === undefined
      ? (await findUserByIdUser(ctx.db, idUser))?.devices_forgotten_at
      : devicesForgottenAt;
  const signedAt = (checked.payload.iat ?? 0) * 1000;
  if (forgottenAt && signedAt <= Date.parse(forgottenAt)) return null;
  return { id: checked.payload.jti, issuedAt: signedAt };
}

/** Gives the browser of `reply` a new device cookie for `idUser` (after a successful password log-in). */
export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, idUser: string): void {
  const days = ctx.config.loginThrottle.deviceCookieDays;
  void reply.setCookie(deviceCookieName(idUser), issueDeviceToken(ctx, idUser), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAge: days * 86_400,
  });
}
