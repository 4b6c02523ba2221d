/**
 * Log-in (spec §4 Login, §7 log/identify, log/log-in, log/user/{id}/log-in; §8 Login codes).
 * Step 1 identifies the player; the password step (or the one-step form) checks the password with
 * argon2id and opens a session. Unknown players and wrong passwords answer alike; attempts pass the
 * log-in throttle (login-throttle.ts), which cannot lock the player out of their known devices. A
 * log-in from a browser without a valid known-device cookie for the account (device-cookies.ts) is a
 * new device: with the `securityAlerts` flag, the player is told by e-mail (issue 22 §6) — except for
 * their very first log-in (no session ever), which follows the registration.
 * An attempt the throttle refuses is recorded as `login.throttled` (the dashboard's locks, issue 24 §4).
 */
import { maskEmail, titleName, type IdentifyResponse, type Locale } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { audit } from '../audit/index.ts';
import { findUserByIdUser, findUserByLogin, setPasswordHash } from '../accounts/index.ts';
import { queueSecurityAlert } from '../security-alerts/index.ts';
import { createSession, type RequestOrigin } from './sessions.ts';
import { startLoginAttempt, type LoginAttempt, type LoginAttemptInput } from './login-throttle.ts';
import type { KnownDevice } from './device-cookies.ts';
import { hasEverHadSession } from './store.ts';
import { secondFactorChallenge } from '../second-factors/index.ts';
import type { SecondFactorMethod } from '@guildgate/contracts';

/**
 * Is `error`, thrown by {@link startLoginAttempt}, its refusal of the attempt — 429 (back-off, address
 * or account limit) or 400 (a captcha asked, or a captcha token that failed) — rather than a dependency
 * failing (503, or an error of the counters' store)?
 */
function refusedByThrottle(error: unknown): error is AppError {
  return error instanceof AppError && (error.statusCode === 429 || error.statusCode === 400);
}

/**
 * {@link startLoginAttempt}, recording each refusal as the audit event `login.throttled` (the player when
 * the attempt names one, else none; the address; detail `{ code, userAgent }`) — the dashboard's locks
 * (issue 24 §4). The event is written after the answer has left (`ctx.deferred`): a refused attempt
 * is not made slower by it, and one refusal is one event (the caller's request calls this once).
 * @param userId the player the attempt names (internal users.id), or null for an unknown one
 * @throws what {@link startLoginAttempt} throws, unchanged
 */
export async function startAuditedLoginAttempt(
  ctx: AppContext,
  input: LoginAttemptInput,
  userId: number | null,
  origin: RequestOrigin,
): Promise<LoginAttempt> {
  try {
    return await startLoginAttempt(ctx, input);
  } catch (error) {
    if (refusedByThrottle(error)) {
      const code = error.items[0]?.ErrorMessage ?? null;
      ctx.deferred.run('login.throttled audit', () =>
        audit(ctx, userId, 'login.throttled', origin.ip ?? null, {
          code,
          userAgent: origin.userAgent?.slice(0, 512) ?? null,
        }),
      );
    }
    throw error;
  }
}

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

/** A log-in request: where it comes from, its known-device cookies and its captcha token. */
export interface LoginRequest extends RequestOrigin {
  /** The device cookie the request carries for the player `idUser`, if any (device-cookies.ts). */
  deviceTokenFor(idUser: string): string | undefined;
  /** The remembered-device cookie (second factor) the request carries for `idUser`, if any. */
  rememberedDeviceFor(idUser: string): string | undefined;
  /** The form's captcha token, and whether the route already verified it (the captcha flag is on). */
  captcha: { token: string | null | undefined; verified: boolean };
  /** The request's `Accept-Language` among ours (lib/locale.ts `requestLocale`), for the new-device alert. */
  locale: Locale | null;
}

/**
 * A successful log-in: the identity handle `Created` and the player, for the device cookie — or, when
 * the player's second factor is still to come (issue 22 §4), an empty `created` and its ticket.
 */
export interface LoggedIn {
  created: string;
  idUser: string;
  /**
   * The known device the log-in came from (its device cookie, checked), if any: the answer gives no
   * new cookie while this one is fresh (device-cookies.ts `needsNewDeviceCookie`).
   */
  knownDevice?: KnownDevice | null;
  secondFactorTicket?: string;
  /** The methods the second step may be taken by (with `secondFactorTicket`). */
  secondFactorMethods?: SecondFactorMethod[];
}

/**
 * Checks `password` for `user` (undefined = unknown, answered like a wrong password) through the log-in
 * throttle (login-throttle.ts), and opens a session.
 * @param passwordProperty the form field errors are reported on
 * @throws 400 ERROR_PASSWORD_EMPTY, ERROR_USERNAME_PASSWORD_INCORRECT, ERROR_USER_BANNED,
 *   ERROR_USER_CONFIRMED, ERROR_CAPTCHA_REQUIRED (and the captcha's codes); 429 when throttled
 */
async function checkPasswordAndOpen(
  ctx: AppContext,
  user: UserRow | undefined,
  password: string,
  request: LoginRequest,
  passwordProperty: string,
): Promise<LoggedIn> {
  if (!password) throw badRequest('ERROR_PASSWORD_EMPTY', 'Password');
  const attempt = await startAuditedLoginAttempt(
    ctx,
    {
      idUser: user?.id_user ?? null,
      ip: request.ip ?? '-',
      deviceToken: user ? request.deviceTokenFor(user.id_user) : undefined,
      devicesForgottenAt: user ? user.devices_forgotten_at : undefined,
      captcha: request.captcha,
    },
    user?.id ?? null,
    request,
  );
  // Until the throttle has its verdict, an error (a dependency failing) abandons the attempt: it is not
  // counted as a failure (login-throttle.ts).
  const abandonOnError = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      attempt.abandoned();
      throw error;
    });
  const hash = user?.password_hash;
  const right = await abandonOnError(
    hash ? verifyPassword(hash, password) : burnVerification(password).then(() => false),
  );
  if (!user || !hash || !right) {
    await attempt.failed();
    if (user && hash) {
      await audit(ctx, user.id, 'login.failed', request.ip, {
        userAgent: request.userAgent?.slice(0, 512) ?? null,
      });
    }
    throw badRequest('ERROR_USERNAME_PASSWORD_INCORRECT', passwordProperty);
  }
  await abandonOnError(attempt.succeeded());
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
  if (!user.email_confirmed_at) throw badRequest('ERROR_USER_CONFIRMED');
  if (needsRehash(hash)) {
    await setPasswordHash(ctx.db, user.id, await hashPassword(password));
  }
  // Issue 22 §4: a second factor and no remembered device: no session before the second step. On a
  // remembered device the session opens, but the password alone is no full authentication for
  // sensitive changes (its auth_time stays null: reauthentication.ts).
  const step = await secondFactorChallenge(ctx, user, request.rememberedDeviceFor(user.id_user));
  if (step && step !== 'remembered-device')
    return {
      created: '',
      idUser: user.id_user,
      secondFactorTicket: step.ticket,
      secondFactorMethods: step.methods,
    };
  const origin = { ip: request.ip, userAgent: request.userAgent };
  // The throttle checked the device cookie already: a known device is neither checked again nor new.
  const knownDevice = attempt.device;
  // The outbox is woken only when an alert was queued: most log-ins queue no mail.
  const { created, alerted } = await ctx.db.transaction().execute(async (trx) => {
    // A new device, unless it is the very first log-in (asked only when the device is not known).
    const newDevice = !knownDevice && (await hasEverHadSession(trx, user.id));
    const identity = await createSession({ ...ctx, db: trx }, user, origin, {
      fullyAuthenticated: step !== 'remembered-device',
    });
    const queued =
      newDevice &&
      (await queueSecurityAlert(ctx, trx, user, 'new-device', { ...origin, locale: request.locale }));
    return { created: identity, alerted: queued };
  });
  if (alerted) ctx.outbox.wake();
  return { created, idUser: user.id_user, knownDevice };
}

/** POST log/log-in (one step). @returns the identity handle `Created` and the player. */
export async function logIn(
  ctx: AppContext,
  usernameOrEmail: string,
  password: string,
  request: LoginRequest,
): Promise<LoggedIn> {
  if (!usernameOrEmail.trim()) throw badRequest('ERROR_USERNAME_EMPTY', 'UsernameOrEmail');
  const user = await findUserByLogin(ctx.db, usernameOrEmail);
  return checkPasswordAndOpen(ctx, user, password, request, '');
}

/**
 * POST log/user/{id}/log-in (step 2).
 * @throws 400 ERROR_USER_UNKNOWN for an unknown id (counted on the address like a wrong password)
 */
export async function logInUser(
  ctx: AppContext,
  idUser: string,
  password: string,
  request: LoginRequest,
): Promise<LoggedIn> {
  const user = await findUserByIdUser(ctx.db, idUser);
  if (!user) {
    const attempt = await startAuditedLoginAttempt(
      ctx,
      { idUser: null, ip: request.ip ?? '-', deviceToken: undefined, captcha: request.captcha },
      null,
      request,
    );
    await burnVerification(password || 'x');
    await attempt.failed();
    throw badRequest('ERROR_USER_UNKNOWN');
  }
  return checkPasswordAndOpen(ctx, user, password, request, 'Password');
}
