/**
 * Response nonces of the Steam stand-in's assertions (OpenID 2.0 §10.1 `openid.response_nonce`): the
 * UTC time to the second in `YYYY-MM-DDTHH:MM:SSZ` form followed by a random suffix, and the single-use
 * register that `check_authentication` consults, so that each assertion is accepted once and only while
 * it is younger than {@link NONCE_MAX_AGE_MS}. Nothing is persisted: a restart forgets every nonce (and
 * the signing secret with it, so older assertions fail anyway).
 */
import { randomBytes } from 'node:crypto';

/** How long an assertion can be checked, in ms: 5 minutes after the time in its nonce. */
export const NONCE_MAX_AGE_MS = 5 * 60 * 1000;

/** A nonce dated more than this in the future (in ms) is refused: clock skew tolerance. */
const MAX_FUTURE_SKEW_MS = 60 * 1000;

const NONCE_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)[\x21-\x7e]{1,200}$/;

/**
 * A new nonce for the time `now` (ms since the epoch, default the current time): e.g.
 * "2030-01-01T12:00:00Z" + 16 base64url characters (96 random bits).
 */
export function createNonce(now: number = Date.now()): string {
  const timestamp = new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return timestamp + randomBytes(12).toString('base64url');
}

/**
 * The time of `nonce` in ms since the epoch, or `undefined` when it is not a timestamp followed by 1 to
 * 200 printable ASCII characters (or the timestamp is not a real date).
 */
export function nonceTime(nonce: string): number | undefined {
  const match = NONCE_PATTERN.exec(nonce);
  if (!match?.[1]) return undefined;
  const time = Date.parse(match[1]);
  return Number.isNaN(time) ? undefined : time;
}

/** Remembers the nonces already accepted, for {@link NONCE_MAX_AGE_MS} (then they are stale anyway). */
export class NonceRegister {
  /** Nonce → its time in ms since the epoch; insertion order is acceptance order. */
  readonly #seen = new Map<string, number>();

  /** Number of nonces remembered (until the next prune). */
  get size(): number {
    return this.#seen.size;
  }

  /**
   * Accepts `nonce` once: `true` when it is well formed, younger than {@link NONCE_MAX_AGE_MS}, not more
   * than a minute in the future and never accepted before (it is then remembered); `false` otherwise.
   * Reads the clock (`Date.now()`) at each call; prunes stale nonces first.
   */
  consume(nonce: string): boolean {
    const now = Date.now();
    for (const [seen, time] of this.#seen) {
      if (now - time >= NONCE_MAX_AGE_MS) this.#seen.delete(seen);
    }
    const time = nonceTime(nonce);
    if (time === undefined || now - time >= NONCE_MAX_AGE_MS || time - now > MAX_FUTURE_SKEW_MS) return false;
    if (this.#seen.has(nonce)) return false;
    this.#seen.set(nonce, time);
    return true;
  }
}
