/**
 * Log-in (spec §4 Login, §7 log/identify, log/log-in, log/user/{id}/log-in; §8 Login codes).
 * Step 1 identifies the player; the password step (or the one-step form) checks the password with
 * argon2id and opens a session. Unknown players and wrong passwords answer alike; failed attempts
 * are throttled per account and IP so that an attacker cannot lock the player out for long.
 */
import { maskEmail, titleName, type IdentifyResponse } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, rateLimited } from '../../lib/errors.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { MINUTE_MS, isoNow } from '../../lib/time.ts';
import { audit } from '../../lib/audit.ts';
import { findUserByIdUser, findUserByLogin } from '../profile/users.ts';
import { createSession, type RequestOrigin } from './sessions.ts';

/** Unsuccessful attempts allowed per account and IP within {@link FAILURE_WINDOW_MS}. */
export const MAX_FAILURES_PER_ACCOUNT_IP = 10;
/** Unsuccessful attempts allowed per account (all IPs) within {@link FAILURE_WINDOW_MS}. */
export const MAX_FAILURES_PER_ACCOUNT = 100;
/** Window of the failure counters, ms (15 min: a lock-out never lasts longer). */
export const FAILURE_WINDOW_MS = 15 * MINUTE_MS;

/** POST log/identify. @throws 400 ERROR_USERNAME_EMPTY, ERROR_USER_NOT_EXISTS, ERROR_USER_BANNED */
export async function identify(ctx: AppContext, usernameOrEmail: string): Promise<IdentifyResponse> {
  if (!usernameOrEmail.trim()) throw badRequest('ERROR_USERNAME_EMPTY', 'UsernameOrEmail');
  const user = await findUserByLogin(ctx.db, usernameOrEmail);
  if (!user) throw badRequest('ERROR_USER_NOT_EXISTS', 'UsernameOrEmail');
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED', 'UsernameOrEmail');
  return {
    AuthType: user.auth_type,
    Id_User: user.id_user,
    Username: user.username,
    TitleName: titleName(user.titles),
    Email: maskEmail(user.email),
    AvatarUrl: user.avatar_url,
    AuthPartner: user.auth_partner,
  };
}

/**
 * Checks `password` for `user` (undefined = unknown, answered like a wrong password) and opens a session.
 * @param passwordProperty the form field errors are reported on
 * @throws 400 ERROR_PASSWORD_EMPTY, ERROR_USERNAME_PASSWORD_INCORRECT, ERROR_USER_BANNED, ERROR_USER_CONFIRMED; 429 when throttled
 */
async function checkPasswordAndOpen(
  ctx: AppContext,
  user: UserRow | undefined,
  password: string,
  origin: RequestOrigin,
  passwordProperty: string,
): Promise<string> {
  if (!password) throw badRequest('ERROR_PASSWORD_EMPTY', 'Password');
  if (!user || !user.password_hash) {
    await burnVerification(password);
    throw badRequest('ERROR_USERNAME_PASSWORD_INCORRECT', passwordProperty);
  }
  const ipKey = `login-fail:${user.id_user}:${origin.ip ?? '-'}`;
  const accountKey = `login-fail:${user.id_user}`;
  // Count the attempt before verifying (atomic increments): concurrent guesses cannot slip past the
  // limit between a check and an increment. A success clears both counts.
  const ipAttempts = await ctx.counters.hit(ipKey, FAILURE_WINDOW_MS);
  const accountAttempts = await ctx.counters.hit(accountKey, FAILURE_WINDOW_MS);
  if (ipAttempts > MAX_FAILURES_PER_ACCOUNT_IP || accountAttempts > MAX_FAILURES_PER_ACCOUNT) {
    throw rateLimited(FAILURE_WINDOW_MS / 1000);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await audit(ctx, user.id, 'login.failed', origin.ip);
    throw badRequest('ERROR_USERNAME_PASSWORD_INCORRECT', passwordProperty);
  }
  await ctx.counters.reset(ipKey);
  await ctx.counters.reset(accountKey);
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
  if (!user.email_confirmed_at) throw badRequest('ERROR_USER_CONFIRMED');
  if (needsRehash(user.password_hash)) {
    await ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password), updated_at: isoNow() })
      .where('id', '=', user.id)
      .execute();
  }
  return createSession(ctx, user, origin);
}

/** POST log/log-in (one step). @returns the identity handle `Created`. */
export async function logIn(
  ctx: AppContext,
  usernameOrEmail: string,
  password: string,
  origin: RequestOrigin,
): Promise<string> {
  if (!usernameOrEmail.trim()) throw badRequest('ERROR_USERNAME_EMPTY', 'UsernameOrEmail');
  const user = await findUserByLogin(ctx.db, usernameOrEmail);
  return checkPasswordAndOpen(ctx, user, password, origin, '');
}

/** POST log/user/{id}/log-in (step 2). @throws 400 ERROR_USER_UNKNOWN for an unknown id */
export async function logInUser(
  ctx: AppContext,
  idUser: string,
  password: string,
  origin: RequestOrigin,
): Promise<string> {
  const user = await findUserByIdUser(ctx.db, idUser);
  if (!user) {
    await burnVerification(password || 'x');
    throw badRequest('ERROR_USER_UNKNOWN');
  }
  return checkPasswordAndOpen(ctx, user, password, origin, 'Password');
}
