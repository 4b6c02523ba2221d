/**
 * The log-in's second step (issue 22 §4; docs/security.md "Second factor"). When the password of a
 * player with a confirmed authenticator app is right and the browser is not a remembered device of
 * that player, the session module (session/login.ts) opens no session but answers a ticket from
 * {@link secondFactorChallenge}: 256 random bits, stored as a SHA-256 digest, bound to the player,
 * single use, {@link TICKET_TTL_MS} long, dead after {@link TICKET_MAX_FAILURES} wrong codes.
 * POST log/second-factor redeems it ({@link redeemSecondFactor}) with a TOTP code (its step recorded:
 * never accepted twice) or a recovery code (consumed; audit `recovery_code.used`).
 *
 * "Remember this device for 30 days": a signed cookie (a JWS of lib/signed-tokens.ts, its own `typ`
 * and audience, so neither a device cookie nor an access token passes for it), one per player,
 * HttpOnly, SameSite=Strict, sent only to the log-in calls (Path=/api/log).
 */
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { signToken, verifySignedToken, type SignedTokenKind } from '../../lib/signed-tokens.ts';
import { MINUTE_MS, isoIn, isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { recoveryCodeHash, secretContext } from './enrolment.ts';
import { checkTotp } from './totp.ts';
import {
  acceptStep,
  countTicketFailure,
  findTicket,
  findTotp,
  insertTicket,
  spendTicket,
  useRecoveryCode,
} from './store.ts';

/** How long a ticket lives, ms (5 minutes). */
export const TICKET_TTL_MS = 5 * MINUTE_MS;
/** Wrong codes a ticket survives; the next one finds it dead. */
export const TICKET_MAX_FAILURES = 5;
/** How long a remembered device skips the step, days. */
export const REMEMBERED_DEVICE_DAYS = 30;
/** Remembered-device tokens: their own `typ` and audience. */
const REMEMBERED: SignedTokenKind = { typ: 'remembered-device+jwt', audience: 'guildgate:second-factor' };
/** The cookie's path: the log-in calls (as the known-device cookie's). */
export const REMEMBERED_DEVICE_COOKIE_PATH = '/api/log';

/** The remembered-device cookie's name for player `idUser`: `_g2g_2fa_` and 16 hex of a SHA-256. */
export function rememberedDeviceCookieName(idUser: string): string {
  return `_g2g_2fa_${sha256(`remembered:${idUser}`).slice(0, 16)}`;
}

/** Gives the browser of `reply` a remembered-device cookie for `idUser`, 30 days. */
export async function setRememberedDeviceCookie(
  ctx: AppContext,
  reply: FastifyReply,
  idUser: string,
): Promise<void> {
  const seconds = REMEMBERED_DEVICE_DAYS * 86_400;
  const token = await signToken(ctx, REMEMBERED, { subject: idUser, ttlSeconds: seconds });
  void reply.setCookie(rememberedDeviceCookieName(idUser), token, {
    path: REMEMBERED_DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAge: seconds,
  });
}

/** A player at the log-in: internal and public ids. */
export interface LoginPlayer {
  id: number;
  id_user: string;
}

/**
 * Whether the log-in of `player` (password right) needs the second step, and its ticket if so.
 * @param rememberedToken the player's remembered-device cookie of the request, if any
 * @returns a new ticket, or null: the flag is off, no confirmed app, or a valid remembered device
 */
export async function secondFactorChallenge(
  ctx: AppContext,
  player: LoginPlayer,
  rememberedToken: string | undefined,
): Promise<string | null> {
  if (!ctx.config.features.authenticatorApp) return null;
  const totp = await findTotp(ctx.db, player.id);
  if (!totp?.confirmed_at) return null;
  if (rememberedToken) {
    const checked = await verifySignedToken(ctx, REMEMBERED, rememberedToken, player.id_user);
    if (checked.valid) return null;
  }
  const ticket = randomToken();
  await insertTicket(ctx.db, {
    ticket_hash: sha256(ticket),
    user_id: player.id,
    created_at: isoNow(),
    expires_at: isoIn(TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * The player a live ticket was issued to (before the code is checked, for the log-in throttle).
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID for an unknown, used, expired or dead ticket
 */
export async function playerOfTicket(ctx: AppContext, ticket: string): Promise<number> {
  const row = await findTicket(ctx.db, sha256(ticket));
  const live =
    row && !row.used_at && row.failures < TICKET_MAX_FAILURES && Date.parse(row.expires_at) > Date.now();
  if (!live) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  return row.user_id;
}

/** The second step's proof: a TOTP code or a recovery code. */
export interface SecondFactorProof {
  ticket: string;
  code?: string | null;
  recoveryCode?: string | null;
}

/**
 * Redeems a ticket with a code (the ticket is spent) or counts a wrong one on it.
 * @returns the player's internal id
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID (see {@link playerOfTicket}; also when spent meanwhile),
 *   ERROR_SECOND_FACTOR_INVALID (wrong, reused or expired code; counted on the ticket)
 */
export async function redeemSecondFactor(
  ctx: AppContext,
  proof: SecondFactorProof,
  ip: string | null,
): Promise<number> {
  const userId = await playerOfTicket(ctx, proof.ticket);
  const hash = sha256(proof.ticket);
  const now = isoNow();
  const wrong = async (property: string): Promise<never> => {
    await countTicketFailure(ctx.db, hash);
    throw badRequest('ERROR_SECOND_FACTOR_INVALID', property);
  };
  const totp = await findTotp(ctx.db, userId);
  if (!totp?.confirmed_at) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  const spend = async (trx: AppContext['db']) => {
    if (!(await spendTicket(trx, hash, now))) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  };
  if (proof.recoveryCode) {
    const codeHash = recoveryCodeHash(proof.recoveryCode);
    // One transaction: the code is consumed with the ticket, and announced.
    const used = await ctx.db.transaction().execute(async (trx) => {
      if (!(await useRecoveryCode(trx, userId, codeHash, now))) return false;
      await spend(trx);
      await audit({ db: trx }, userId, 'recovery_code.used', ip, {});
      return true;
    });
    if (!used) await wrong('RecoveryCode');
    return userId;
  }
  const secret = ctx.keys.open(totp.secret_sealed, secretContext(userId));
  const step = await checkTotp(secret, proof.code ?? '', totp.last_used_step);
  // One transaction: the step is recorded (never accepted twice) with the ticket spent.
  const accepted =
    step !== null &&
    (await ctx.db.transaction().execute(async (trx) => {
      if (!(await acceptStep(trx, userId, step, now))) return false;
      await spend(trx);
      return true;
    }));
  if (!accepted) await wrong('Code');
  return userId;
}
