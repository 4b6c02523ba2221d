/**
 * The log-in's second step (issue 22 §4; docs/security.md "Second factor"). When the password of a
 * player with a second factor (factors.ts) is right and the browser is not a remembered device of
 * that player, the session module (session/login.ts) opens no session but answers a ticket from
 * {@link secondFactorChallenge}: 256 random bits, stored as a SHA-256 digest, bound to the player,
 * single use, {@link TICKET_TTL_MS} long, dead after {@link TICKET_MAX_FAILURES} wrong codes.
 * POST log/second-factor redeems it ({@link redeemSecondFactor}) with a TOTP code (its step recorded:
 * never accepted twice), a passkey (webauthn.ts: a challenge bound to the ticket, consumed) or a
 * recovery code (consumed; audit `recovery_code.used`). The same tickets serve the step-up of a
 * re-authentication (the session module's POST account/reauthentication/second-factor).
 *
 * "Remember this device for 30 days": a signed cookie (an HS256 JWS of lib/signed-tokens.ts, its own `typ`
 * and audience, so neither a device cookie nor an access token passes for it), one per player,
 * HttpOnly, SameSite=Strict, sent only to the log-in calls (Path=/api/log).
 */
import type { FastifyReply } from 'fastify';
import type { SecondFactorMethod } from '@guildgate/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { signToken, verifySignedToken, type SignedTokenKind } from '../../lib/signed-tokens.ts';
import { MINUTE_MS, isoIn, isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { recoveryCodeHash, secretContext } from './enrolment.ts';
import { checkTotp } from './totp.ts';
import { requirePasskeys, secondFactorMethods } from './factors.ts';
import { findUserById } from '../accounts/index.ts';
import { authenticationOptions, verifyAssertion, type OptionsJson } from './webauthn.ts';
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
export function setRememberedDeviceCookie(ctx: AppContext, reply: FastifyReply, idUser: string): void {
  const seconds = REMEMBERED_DEVICE_DAYS * 86_400;
  const token = signToken(ctx, REMEMBERED, { subject: idUser, ttlSeconds: seconds });
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

/** A second step to take: its ticket (in clear, answered once) and the methods it may be taken by. */
export interface SecondFactorStep {
  ticket: string;
  methods: SecondFactorMethod[];
}

/**
 * Whether the log-in of `player` (password right) needs the second step, and its ticket if so; also
 * the step-up of a re-authentication (then without a remembered device: `rememberedToken` undefined).
 * @param rememberedToken the player's remembered-device cookie of the request, if any
 * @returns a new step; `remembered-device` when the player has a factor but this browser is one of
 *   their remembered devices (the password alone opens the session, which then has no full
 *   authentication); null without a factor in use (factors.ts)
 */
export async function secondFactorChallenge(
  ctx: AppContext,
  player: LoginPlayer,
  rememberedToken: string | undefined,
): Promise<SecondFactorStep | 'remembered-device' | null> {
  const methods = await secondFactorMethods(ctx, player.id);
  if (!methods.length) return null;
  if (rememberedToken) {
    const checked = verifySignedToken(ctx, REMEMBERED, rememberedToken, player.id_user);
    if (checked.valid) return 'remembered-device';
  }
  const ticket = randomToken();
  await insertTicket(ctx.db, {
    ticket_hash: sha256(ticket),
    user_id: player.id,
    created_at: isoNow(),
    expires_at: isoIn(TICKET_TTL_MS),
  });
  return { ticket, methods };
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

/** The second step's proof: a TOTP code, a recovery code or a passkey assertion. */
export interface SecondFactorProof {
  ticket: string;
  code?: string | null;
  recoveryCode?: string | null;
  passkey?: AuthenticationResponseJSON | null;
}

/**
 * POST log/passkey/options with a ticket: options for the ticket's player's passkeys.
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID (see {@link playerOfTicket})
 */
export async function passkeyOptionsForTicket(ctx: AppContext, ticket: string): Promise<OptionsJson> {
  const userId = await playerOfTicket(ctx, ticket);
  return authenticationOptions(ctx, { userId, ticketHash: sha256(ticket) });
}

/** The errors {@link redeemSecondFactor} answers for a wrong proof (not for a dead ticket). */
const WRONG_PROOF = new Set(['ERROR_SECOND_FACTOR_INVALID', 'ERROR_PASSKEY_INVALID']);

/**
 * Is `error` {@link redeemSecondFactor}'s refusal of a wrong, reused or expired code, recovery code or
 * passkey (ERROR_SECOND_FACTOR_INVALID, ERROR_PASSKEY_INVALID) — the proof's failure, which the callers
 * count and record — rather than a dead ticket or a dependency's failure?
 */
export function isWrongSecondFactor(error: unknown): boolean {
  return error instanceof AppError && error.items.some((item) => WRONG_PROOF.has(item.ErrorMessage));
}

/**
 * Redeems a ticket with a code or a passkey (the ticket is spent) or counts a wrong one on it. Each
 * proof must be one of the ticket's player's methods (factors.ts).
 * @returns the player's internal id
 * @throws 400 ERROR_SECOND_FACTOR_TICKET_INVALID (see {@link playerOfTicket}; also when spent meanwhile,
 *   or when the player has no factor left), ERROR_SECOND_FACTOR_INVALID (wrong, reused or expired code;
 *   counted on the ticket), ERROR_PASSKEY_INVALID (an assertion that does not verify, replayed, or of
 *   another player's passkey; counted on the ticket)
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
  const wrongPasskey = async (): Promise<never> => {
    await countTicketFailure(ctx.db, hash);
    throw badRequest('ERROR_PASSKEY_INVALID', 'Passkey');
  };
  const methods = await secondFactorMethods(ctx, userId);
  if (!methods.length) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  const spend = async (trx: AppContext['db']) => {
    if (!(await spendTicket(trx, hash, now))) throw badRequest('ERROR_SECOND_FACTOR_TICKET_INVALID');
  };
  if (proof.passkey) {
    if (!methods.includes('passkey')) return wrongPasskey();
    const owner = async () => null; // the second step names its player: no user-handle check
    const used = await verifyAssertion(ctx, proof.passkey, { userId, ticketHash: hash }, owner).catch(
      (error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      },
    );
    if (!used) return wrongPasskey();
    await spend(ctx.db);
    return userId;
  }
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
  const totp = await findTotp(ctx.db, userId);
  if (!totp?.confirmed_at || !methods.includes('totp')) return wrong('Code');
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

/** POST log/passkey/options without a ticket: options for a passwordless log-in (any passkey here). */
export async function passwordlessPasskeyOptions(ctx: AppContext): Promise<OptionsJson> {
  requirePasskeys(ctx);
  return authenticationOptions(ctx, null);
}

/**
 * POST log/passkey: verifies a passwordless assertion (user verification required; the user handle, if
 * returned, must be the passkey owner's).
 * @returns the owner's internal id
 * @throws 400 ERROR_PASSKEY_INVALID (webauthn.ts {@link verifyAssertion}); 404 with the flag off
 */
export async function verifyPasswordlessPasskey(
  ctx: AppContext,
  response: AuthenticationResponseJSON,
): Promise<number> {
  requirePasskeys(ctx);
  const owner = async (userId: number) => (await findUserById(ctx.db, userId))?.id_user ?? null;
  const passkey = await verifyAssertion(ctx, response, null, owner);
  return passkey.user_id;
}
