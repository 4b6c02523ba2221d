/**
 * The authenticator app in the account (issue 22 §1, §2; docs/security.md "Second factor"): status,
 * enrolment (a new secret, pending until a code of the app confirms it, which answers the ten
 * recovery codes once), removal and new recovery codes. Starting an enrolment, removing and
 * regenerating need a recent re-authentication: the caller checks it (the session module's
 * `requireRecentAuthentication`, passed to routes.ts) before calling these. Every call answers 404
 * ERROR_NOT_FOUND while the `authenticatorApp` flag is off. The secret is sealed at rest with the key
 * ring (lib/envelope-encryption.ts); recovery codes are kept as SHA-256 digests.
 */
import { randomInt } from 'node:crypto';
import type {
  Locale,
  RecoveryCodesResponse,
  SecondFactorsResponse,
  TotpEnrolmentResponse,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { findUserById } from '../accounts/index.ts';
import { queueSecurityAlert } from '../security-alerts/index.ts';
import { checkTotp, newTotpSecret, otpauthUri, qrSvg } from './totp.ts';
import { hasAnyFactorStored, requireSecondFactors } from './factors.ts';
import {
  acceptStep,
  countRecoveryCodesLeft,
  deleteSecondFactorsOf,
  deleteTotp,
  findTotp,
  putPendingTotp,
  replaceRecoveryCodes,
} from './store.ts';

/** How many recovery codes a player gets. */
export const RECOVERY_CODE_COUNT = 10;
/** The recovery codes' alphabet: lower-case letters and digits without 0/o, 1/l/i. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** The issuer named in the authenticator app. */
export const TOTP_ISSUER = 'Guildgate';

/** The caller: the player's internal id, from the user bearer. */
export interface Caller {
  userId: number;
}

/**
 * The request: its address (audit events), and its user agent and language for the security alert of
 * the change (modules/security-alerts).
 */
export interface Origin {
  ip: string | null;
  userAgent: string | null;
  locale: Locale | null;
}

/** Queues the security alert of `event` to player `userId` in `trx` (nothing with alerts off). */
export async function alert(
  ctx: AppContext,
  trx: AppContext['db'],
  userId: number,
  event: 'second-factor-added' | 'second-factor-removed',
  origin: Origin,
): Promise<void> {
  const player = await findUserById(trx, userId);
  if (player) await queueSecurityAlert(ctx, trx, player, event, origin);
}

/** @throws 404 ERROR_NOT_FOUND when the `authenticatorApp` flag is off (the calls do not exist then) */
export function requireAuthenticatorApp(ctx: AppContext): void {
  if (!ctx.config.features.authenticatorApp) throw notFound();
}

/** The context a player's secret is sealed in (authenticated, not stored). */
export function secretContext(userId: number): string {
  return `second_factors:${String(userId)}`;
}

/** A new recovery code: 10 random characters of {@link RECOVERY_ALPHABET} (~49 bits), as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The digest a recovery code is stored and looked up as (case, spaces and dashes ignored). */
export function recoveryCodeHash(code: string): string {
  return sha256(`recovery:${code.toLowerCase().replace(/[\s-]+/g, '')}`);
}

/**
 * GET account/second-factors: the app (false while its flag is off) and the recovery codes left (0
 * without a factor). 404 ERROR_NOT_FOUND while both the app's and the passkeys' flags are off.
 */
export async function secondFactorsStatus(ctx: AppContext, caller: Caller): Promise<SecondFactorsResponse> {
  requireSecondFactors(ctx);
  const totp = ctx.config.features.authenticatorApp ? await findTotp(ctx.db, caller.userId) : undefined;
  const confirmed = totp?.confirmed_at ?? null;
  const anyFactor = await hasAnyFactorStored(ctx.db, caller.userId);
  return {
    Totp: confirmed !== null,
    TotpConfirmedAt: confirmed,
    RecoveryCodesLeft: anyFactor ? await countRecoveryCodesLeft(ctx.db, caller.userId) : 0,
  };
}

/**
 * POST account/second-factors/totp: a new pending secret (replacing a pending one).
 * @throws 400 ERROR_SECOND_FACTOR_EXISTS when an app is confirmed (remove it first)
 */
export async function startTotpEnrolment(ctx: AppContext, caller: Caller): Promise<TotpEnrolmentResponse> {
  requireAuthenticatorApp(ctx);
  const existing = await findTotp(ctx.db, caller.userId);
  if (existing?.confirmed_at) throw badRequest('ERROR_SECOND_FACTOR_EXISTS');
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound();
  const secret = newTotpSecret();
  const uri = otpauthUri(TOTP_ISSUER, user.username, secret);
  const sealed = ctx.keys.seal(secret, secretContext(caller.userId));
  await putPendingTotp(ctx.db, caller.userId, sealed, isoNow());
  return { OtpauthUri: uri, Secret: secret, QrSvg: await qrSvg(uri) };
}

/** Ten new codes: their digests replace the player's codes in `db`; the codes are answered once. */
export async function newRecoveryCodes(
  db: AppContext['db'],
  userId: number,
  now: string,
): Promise<RecoveryCodesResponse> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(db, userId, codes.map(recoveryCodeHash), now);
  return { RecoveryCodes: codes };
}

/**
 * POST account/second-factors/totp/confirm: confirms the pending app with one of its codes; audit
 * `second_factor.added` and its security alert; answers the recovery codes once. One transaction.
 * @throws 400 ERROR_SECOND_FACTOR_NONE (no enrolment started), ERROR_SECOND_FACTOR_EXISTS (already
 *   confirmed), ERROR_SECOND_FACTOR_INVALID (wrong code)
 */
export async function confirmTotp(
  ctx: AppContext,
  caller: Caller,
  code: string,
  origin: Origin,
): Promise<RecoveryCodesResponse> {
  requireAuthenticatorApp(ctx);
  const totp = await findTotp(ctx.db, caller.userId);
  if (!totp) throw badRequest('ERROR_SECOND_FACTOR_NONE');
  if (totp.confirmed_at) throw badRequest('ERROR_SECOND_FACTOR_EXISTS');
  const secret = ctx.keys.open(totp.secret_sealed, secretContext(caller.userId));
  const step = await checkTotp(secret, code, totp.last_used_step);
  if (step === null) throw badRequest('ERROR_SECOND_FACTOR_INVALID', 'Code');
  const now = isoNow();
  const codes = await ctx.db.transaction().execute(async (trx) => {
    if (!(await acceptStep(trx, caller.userId, step, now)))
      throw badRequest('ERROR_SECOND_FACTOR_INVALID', 'Code');
    await audit({ db: trx }, caller.userId, 'second_factor.added', origin.ip, { kind: 'totp' });
    await alert(ctx, trx, caller.userId, 'second-factor-added', origin);
    return newRecoveryCodes(trx, caller.userId, now);
  });
  ctx.outbox.wake();
  return codes;
}

/**
 * POST account/second-factors/totp/remove: removes the app, and the recovery codes unless a passkey is
 * left; audit `second_factor.removed` and its security alert. One transaction.
 * @throws 400 ERROR_SECOND_FACTOR_NONE when there is none (pending or confirmed)
 */
export async function removeTotp(ctx: AppContext, caller: Caller, origin: Origin): Promise<void> {
  requireAuthenticatorApp(ctx);
  const totp = await findTotp(ctx.db, caller.userId);
  if (!totp) throw badRequest('ERROR_SECOND_FACTOR_NONE');
  await ctx.db.transaction().execute(async (trx) => {
    await deleteTotp(trx, caller.userId);
    if (!(await hasAnyFactorStored(trx, caller.userId))) await deleteSecondFactorsOf(trx, caller.userId);
    if (totp.confirmed_at) {
      await audit({ db: trx }, caller.userId, 'second_factor.removed', origin.ip, { kind: 'totp' });
      await alert(ctx, trx, caller.userId, 'second-factor-removed', origin);
    }
  });
  ctx.outbox.wake();
}

/**
 * POST account/second-factors/recovery-codes: ten new codes replace the old ones; audit
 * `recovery_codes.regenerated`. One transaction.
 * @throws 400 ERROR_SECOND_FACTOR_NONE without a factor (a confirmed app or a passkey)
 */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  caller: Caller,
  origin: Origin,
): Promise<RecoveryCodesResponse> {
  requireSecondFactors(ctx);
  if (!(await hasAnyFactorStored(ctx.db, caller.userId))) throw badRequest('ERROR_SECOND_FACTOR_NONE');
  return ctx.db.transaction().execute(async (trx) => {
    await audit({ db: trx }, caller.userId, 'recovery_codes.regenerated', origin.ip, {});
    return newRecoveryCodes(trx, caller.userId, isoNow());
  });
}
