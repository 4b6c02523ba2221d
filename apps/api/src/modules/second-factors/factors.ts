/**
 * Which second factors a player has (issue 22 §1–§4): an authenticator app (confirmed) and passkeys,
 * each counted only while its feature flag (`authenticatorApp`, `passkeys`) is on, and recovery codes,
 * which back up the others and are never a factor alone. Used by the log-in's second step
 * (login-step.ts), the step-up of sensitive changes (the session, password and deletion modules), and
 * the account calls that keep recovery codes only while a factor is left.
 */
import type { SecondFactorMethod } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { countPasskeys } from './passkey-store.ts';
import { findTotp, secondFactorCounts } from './store.ts';

/**
 * The methods a second step of player `userId` may be completed with, in the order offered: `totp`,
 * `passkey`, then `recovery_code` (only beside another one, and while codes are left). Empty: the
 * player has no second factor (or its flag is off). One statement (store.ts `secondFactorCounts`);
 * none with both flags off.
 */
export async function secondFactorMethods(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: number,
): Promise<SecondFactorMethod[]> {
  const { authenticatorApp, passkeys } = ctx.config.features;
  if (!authenticatorApp && !passkeys) return [];
  const counts = await secondFactorCounts(ctx.db, userId);
  const methods: SecondFactorMethod[] = [];
  if (authenticatorApp && counts.confirmedTotp > 0) methods.push('totp');
  if (passkeys && counts.passkeys > 0) methods.push('passkey');
  if (methods.length && counts.recoveryCodesLeft > 0) methods.push('recovery_code');
  return methods;
}

/** Has player `userId` a second factor in use (see {@link secondFactorMethods})? */
export async function hasSecondFactor(
  ctx: Pick<AppContext, 'config' | 'db'>,
  userId: number,
): Promise<boolean> {
  return (await secondFactorMethods(ctx, userId)).length > 0;
}

/** Has player `userId` any factor stored (a confirmed app or a passkey), whatever the flags? */
export async function hasAnyFactorStored(db: AppContext['db'], userId: number): Promise<boolean> {
  return Boolean((await findTotp(db, userId))?.confirmed_at) || (await countPasskeys(db, userId)) > 0;
}

/** @throws 404 ERROR_NOT_FOUND when both the `authenticatorApp` and the `passkeys` flags are off */
export function requireSecondFactors(ctx: AppContext): void {
  if (!ctx.config.features.authenticatorApp && !ctx.config.features.passkeys) throw notFound();
}

/** @throws 404 ERROR_NOT_FOUND when the `passkeys` flag is off (the passkey calls do not exist then) */
export function requirePasskeys(ctx: AppContext): void {
  if (!ctx.config.features.passkeys) throw notFound();
}
