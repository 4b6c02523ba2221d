/**
 * Log-in throttling that cannot lock the real player out (DESIGN.md §5; OWASP Authentication Cheat
 * Sheet "Account lockout" and "Slow down online guessing with device cookies"; docs/security.md
 * "Throttling"; the numbers are `LOGIN_*` in docs/configuration.md). Every password attempt of log/log-in
 * and log/user/{id}/log-in passes {@link startLoginAttempt} before its password is checked:
 *
 * 1. **Back-off per account and address** — or per known device: `freeFailures` failures in a row are
 *    free; after them each attempt waits {@link backoffSeconds} (1 s, 2 s, 4 s … up to
 *    `backoffMaxSeconds`) after the one before. A success forgets the series.
 * 2. **Per address, across accounts**: at most `ipFailuresPerHour` failures an hour (password spraying,
 *    credential stuffing — unknown players count too).
 * 3. **Per account, across addresses**: at most `accountFailures` failures per `accountWindowSeconds`
 *    (a botnet with one guess per address). Beyond it a device that never logged in to the account is
 *    refused — or, when a captcha is configured, asked for one (`ERROR_CAPTCHA_REQUIRED`) and let
 *    through when it passes.
 *
 * A **known device** — one holding the signed device cookie a successful log-in to this account set
 * (device-cookies.ts) — is not subject to 2 and 3: during an attack on the account the owner still gets
 * in from their usual browser. Its failures are counted on the account and address all the same, and
 * its own back-off applies.
 *
 * Attempts are reserved atomically before the password is checked (concurrent guesses cannot slip past
 * a limit) and a refused attempt gives its reservations back: refused attempts are never counted again,
 * so an attack cannot make a lock last longer. An attempt cut short before its verdict — a dependency
 * failed (the store, the counters' own store): the player got a 503, not a wrong-password answer — gives
 * its reservations back too ({@link LoginAttempt.abandoned}), retrying while the counters' store is
 * away, so an outage never turns into a back-off once it is over. The counters live in lib/rate-limits.ts (Redis,
 * PostgreSQL or memory), shared by the nodes.
 */
import type { AdminPlayerThrottle, LoginThrottleAddress } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { rateLimited } from '../../lib/errors.ts';
import { recentAddressesOfPlayer } from '../audit/index.ts';
import { retryAfterSeconds, tryConsume, type LimiterOptions } from '../rate-limits/index.ts';
import { captchaConfigured, checkCaptchaToken } from '../captcha/index.ts';
import { verifyDeviceToken, type KnownDevice } from './device-cookies.ts';

export { deviceCookieName } from './device-cookies.ts';

/** The throttle's numbers (`LOGIN_*`, `DEVICE_COOKIE_DAYS`; docs/configuration.md). */
export interface LoginThrottleSettings {
  /** Failures in a row per account and address (or known device) before the back-off starts. */
  freeFailures: number;
  /** The longest back-off, seconds. */
  backoffMaxSeconds: number;
  /** Failures one address may make in an hour, across accounts. */
  ipFailuresPerHour: number;
  /** Failures an account may meet from unknown devices per `accountWindowSeconds`. */
  accountFailures: number;
  /** Window of `accountFailures`, seconds. */
  accountWindowSeconds: number;
  /** Lifetime of a known-device cookie, days. */
  deviceCookieDays: number;
}

/** How long a series of failures is remembered without a new one, seconds (a day). */
const SERIES_SECONDS = 86_400;

/**
 * The wait after the `k`-th failure beyond the free ones: 2^(k-1) seconds, at most `maxSeconds`.
 * @param k 1 for the first failure after the free ones
 */
export function backoffSeconds(k: number, maxSeconds: number): number {
  return Math.min(maxSeconds, 2 ** Math.min(Math.max(k, 1) - 1, 30));
}

/** One log-in attempt that passed the throttle: tell it how the password check went. */
export interface LoginAttempt {
  /**
   * The known device the attempt came from (its device cookie checked for the player), or null: the
   * log-in reuses it rather than checking the cookie again.
   */
  device: KnownDevice | null;
  /** The password was right: the series is forgotten and the reservations given back. */
  succeeded(): Promise<void>;
  /** The password was wrong: the failure stays counted. */
  failed(): Promise<void>;
  /**
   * The check ended without a verdict (an error, e.g. a dependency that is down): the reservations are
   * given back in the background — at once, or every {@link GIVE_BACK_RETRY_MS} while the counters'
   * store fails, for at most {@link GIVE_BACK_WITHIN_MS}. Never throws.
   */
  abandoned(): void;
}

/** How often reservations that could not be given back are tried again, ms. */
export const GIVE_BACK_RETRY_MS = 250;
/** How long reservations are tried to be given back before they are left to expire, ms. */
export const GIVE_BACK_WITHIN_MS = 60_000;

/**
 * Runs each of `undos` in the background, trying a failing one again every {@link GIVE_BACK_RETRY_MS}
 * until it succeeds or {@link GIVE_BACK_WITHIN_MS} have passed (its counter then expires on its own).
 * The timers do not keep the process alive.
 */
function giveBackInBackground(undos: ReadonlyArray<() => Promise<unknown>>): void {
  const deadline = Date.now() + GIVE_BACK_WITHIN_MS;
  const attempt = (undo: () => Promise<unknown>) => {
    undo().catch(() => {
      if (Date.now() < deadline) setTimeout(() => attempt(undo), GIVE_BACK_RETRY_MS).unref();
    });
  };
  undos.forEach(attempt);
}

/** Who tries to log in. */
export interface LoginAttemptInput {
  /** The player's public id, or null when no player has that name (counted on the address only). */
  idUser: string | null;
  ip: string;
  /** The device cookie the request carried for this account, if any. */
  deviceToken: string | undefined;
  /**
   * The player's `devices_forgotten_at` when the caller has the player's row (null: never), so the
   * device cookie's check need not read it again; undefined to have it read.
   */
  devicesForgottenAt?: string | null;
  /** The captcha token of the form (log-in action), and whether the route already verified it. */
  captcha: { token: string | null | undefined; verified: boolean };
}

/** The four limiters of the throttle, with the configured numbers. */
function limitersOf(ctx: AppContext) {
  const s = ctx.config.loginThrottle;
  const make = (name: string, options: LimiterOptions) => ctx.rateLimits.limiter(name, options);
  return {
    tries: make('login-tries', { points: s.freeFailures, durationSeconds: SERIES_SECONDS }),
    backoff: make('login-backoff', { points: 1, durationSeconds: s.backoffMaxSeconds }),
    ip: make('login-ip-failures', { points: s.ipFailuresPerHour, durationSeconds: 3600 }),
    account: make('login-account-failures', {
      points: s.accountFailures,
      durationSeconds: s.accountWindowSeconds,
    }),
  };
}

/**
 * Forgets the failures counted on player `idUser` across addresses (after a password recovery: the old
 * password's guesses are moot, and the owner's new device must not be held off by them).
 */
export async function forgetAccountFailures(ctx: AppContext, idUser: string): Promise<void> {
  await limitersOf(ctx).account.delete(idUser);
}

/**
 * Lets a log-in attempt go on to its password check, or refuses it (see the module note).
 * @returns the attempt, to be told whether the password was right
 * @throws 429 ERROR_RATE_LIMITED with Retry-After (back-off, address limit, account limit without a
 *   configured captcha); 400 ERROR_CAPTCHA_REQUIRED (account limit, captcha configured, no token),
 *   ERROR_CAPTCHA_LOGIN_INVALID, ERROR_CAPTCHA_VERIFY_FAILED (the token was checked and failed)
 */
export async function startLoginAttempt(ctx: AppContext, input: LoginAttemptInput): Promise<LoginAttempt> {
  const limiters = limitersOf(ctx);
  const s = ctx.config.loginThrottle;
  const { idUser, ip } = input;
  const device =
    idUser && input.deviceToken
      ? await verifyDeviceToken(ctx, input.deviceToken, idUser, input.devicesForgottenAt)
      : null;
  const seriesKey = idUser ? (device ? `${idUser}|device:${device.id}` : `${idUser}|ip:${ip}`) : null;
  const giveBack: Array<() => Promise<unknown>> = [];
  // Set by `refuse`, which TypeScript's narrowing does not follow into the catch below.
  let refused = false as boolean;
  const refuse = async (error: unknown): Promise<never> => {
    refused = true;
    for (const undo of giveBack) await undo();
    throw error;
  };
  try {
    return await reserve();
  } catch (error) {
    // A refusal gave its reservations back; anything else (a counter's store failing midway) did not.
    if (!refused) giveBackInBackground(giveBack);
    throw error;
  }

  async function reserve(): Promise<LoginAttempt> {
    if (seriesKey) {
      const tried = await tryConsume(limiters.tries, seriesKey);
      giveBack.push(() => limiters.tries.reward(seriesKey));
      if (!tried.allowed) {
        const wait = backoffSeconds(tried.consumedPoints - s.freeFailures, s.backoffMaxSeconds);
        // One attempt per wait: the first takes the slot for `wait` seconds, the next ones are refused.
        const slot = await tryConsume(limiters.backoff, seriesKey, 1, wait);
        if (!slot.allowed) await refuse(rateLimited(retryAfterSeconds(slot.msBeforeNext)));
        giveBack.push(() => limiters.backoff.delete(seriesKey));
      }
    }
    if (!device) {
      const fromIp = await tryConsume(limiters.ip, ip);
      giveBack.push(() => limiters.ip.reward(ip));
      if (!fromIp.allowed) await refuse(rateLimited(retryAfterSeconds(fromIp.msBeforeNext)));
    }
    if (idUser && !device) {
      const onAccount = await tryConsume(limiters.account, idUser);
      giveBack.push(() => limiters.account.reward(idUser));
      if (!onAccount.allowed) {
        if (!captchaConfigured(ctx)) await refuse(rateLimited(retryAfterSeconds(onAccount.msBeforeNext)));
        else if (!input.captcha.verified) {
          await checkCaptchaToken(ctx, input.captcha.token, 'login', ip, 'ERROR_CAPTCHA_REQUIRED').catch(
            refuse,
          );
        }
      }
    }

    return {
      device,
      async succeeded() {
        // Independent counters: forgotten and given back together (one round trip with Redis's
        // auto-pipelining).
        await Promise.all([
          ...(seriesKey ? [limiters.tries.delete(seriesKey), limiters.backoff.delete(seriesKey)] : []),
          ...(device ? [] : [limiters.ip.reward(ip), ...(idUser ? [limiters.account.reward(idUser)] : [])]),
        ]);
      },
      async failed() {
        // A known device was not checked against these, but its failures count all the same.
        if (device && idUser) {
          await tryConsume(limiters.ip, ip);
          await tryConsume(limiters.account, idUser);
        }
      },
      abandoned() {
        giveBackInBackground(giveBack);
      },
    };
  }
}

/** A player whose throttle state the operator console reads or lifts: internal users.id and public id. */
export interface ThrottledPlayer {
  id: number;
  idUser: string;
}

/**
 * The most addresses {@link loginThrottleState} lists and {@link liftLoginThrottle} clears, the most
 * recent first. Beyond them an address's series ends within a day on its own; a botnet guessing once
 * per address is held by the account limit, which the lift always clears.
 */
export const THROTTLE_ADDRESSES_MAX = 200;

/**
 * The addresses of player `player`'s failed log-ins (`login.failed`, a wrong password, and
 * `login.second_factor_failed`, a wrong code or passkey at the second step) of the last
 * {@link SERIES_SECONDS} — as long as a series is remembered —, the most recent first.
 */
function failedLogInAddresses(db: AppContext['db'], player: ThrottledPlayer, now: number): Promise<string[]> {
  return recentAddressesOfPlayer(db, {
    userId: player.id,
    types: ['login.failed', 'login.second_factor_failed'],
    since: new Date(now - SERIES_SECONDS * 1000).toISOString(),
    limit: THROTTLE_ADDRESSES_MAX,
  });
}

/** The series key of `idUser` at address `ip` (as {@link startLoginAttempt} counts an unknown device). */
function addressKey(idUser: string, ip: string): string {
  return `${idUser}|ip:${ip}`;
}

/**
 * The log-in throttle's state for `player` (issue 24 §2, the operator console's player page; contracts
 * `AdminPlayerThrottle`): the failures counted on the account across addresses (`login-account-failures`)
 * against LOGIN_ACCOUNT_FAILURES and when that window ends; for each address of the player's failed
 * log-ins of the last day (at most {@link THROTTLE_ADDRESSES_MAX}), the failures in a row counted from it
 * (`login-tries`) and the end of its back-off (`login-backoff`), if any. `Locked` when the account limit
 * is reached or an address is in back-off. Times are ISO 8601 UTC. Read only: nothing is consumed.
 * @throws Error when the counters' store fails (answered 503 by the error handler)
 */
export async function loginThrottleState(
  ctx: AppContext,
  player: ThrottledPlayer,
): Promise<AdminPlayerThrottle> {
  const limiters = limitersOf(ctx);
  const now = Date.now();
  const until = (msBeforeNext: number) =>
    msBeforeNext > 0 ? new Date(now + msBeforeNext).toISOString() : null;
  const account = await limiters.account.get(player.idUser);
  const accountFailures = account?.consumedPoints ?? 0;
  const addresses = await Promise.all(
    (await failedLogInAddresses(ctx.db, player, now)).map(async (ip): Promise<LoginThrottleAddress> => {
      const key = addressKey(player.idUser, ip);
      const [tries, backoff] = await Promise.all([limiters.tries.get(key), limiters.backoff.get(key)]);
      return {
        Ip: ip,
        Failures: tries?.consumedPoints ?? 0,
        BackoffUntil: backoff && backoff.consumedPoints > 0 ? until(backoff.msBeforeNext) : null,
      };
    }),
  );
  const limit = ctx.config.loginThrottle.accountFailures;
  return {
    Locked: accountFailures >= limit || addresses.some((address) => address.BackoffUntil !== null),
    AccountFailures: accountFailures,
    AccountFailureLimit: limit,
    AccountWindowEndsAt: account && accountFailures > 0 ? until(account.msBeforeNext) : null,
    Addresses: addresses,
  };
}

/**
 * Lifts `player`'s log-in lock (issue 24 §2, POST admin/players/{idUser}/lift-lock): forgets the
 * failures counted on the account across addresses and, for each address of
 * {@link loginThrottleState}, its series and back-off — the player's next log-in from any of them is
 * checked as a first attempt. The per-address limit across accounts (`login-ip-failures`) stays: it is
 * about the address, not the player. Known devices' series are not touched (a known device is never
 * held by the account limit).
 * @param db where the addresses are read: the store, or the caller's transaction when it holds one (on
 *   SQLite a read through the store would wait for that transaction's end)
 * @throws Error when the counters' store fails (answered 503 by the error handler)
 */
export async function liftLoginThrottle(
  ctx: AppContext,
  player: ThrottledPlayer,
  db: AppContext['db'] = ctx.db,
): Promise<void> {
  const limiters = limitersOf(ctx);
  const addresses = await failedLogInAddresses(db, player, Date.now());
  await limiters.account.delete(player.idUser);
  await Promise.all(
    addresses.flatMap((ip) => {
      const key = addressKey(player.idUser, ip);
      return [limiters.tries.delete(key), limiters.backoff.delete(key)];
    }),
  );
}
