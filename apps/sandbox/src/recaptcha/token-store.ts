/**
 * In-memory store of the tokens the reCAPTCHA stand-in issued (DESIGN.md §1 reCAPTCHA). Nothing is
 * persisted: a restart forgets every token. Like Google's, a token is valid for two minutes
 * ({@link RECAPTCHA_TOKEN_TTL_MS}) and can be verified once.
 *
 * Expired tokens are pruned whenever a token is issued (a pruned token then reads as unknown), and at
 * most `capacity` tokens are held: issuing one more drops the oldest.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxRecaptchaSiteKey } from './keys.ts';
import type { RecaptchaVerdict } from './verdict.ts';

/** Lifetime of a token in ms: older than this, `siteverify` answers `timeout-or-duplicate`. */
export const RECAPTCHA_TOKEN_TTL_MS = 2 * 60 * 1000;

/** Default number of tokens held before the oldest are dropped. */
export const DEFAULT_RECAPTCHA_TOKEN_CAPACITY = 10_000;

/** What a token was issued for. */
export interface RecaptchaTokenGrant {
  /** Site key the page asked the token for (a key of `SANDBOX_RECAPTCHA_KEYS`). */
  readonly siteKey: SandboxRecaptchaSiteKey;
  /** Action named by the page, e.g. "login" or "register" (spec §4). */
  readonly action: string;
  /** Verdict of the browser at issue time. */
  readonly verdict: RecaptchaVerdict;
  /** Host name of the page that asked (from its `Origin`), e.g. "localhost". */
  readonly hostname: string;
}

/** A stored token: its grant, when it was issued (ms since the epoch) and whether it was verified. */
export interface RecaptchaTokenEntry extends RecaptchaTokenGrant {
  readonly issuedAt: number;
  verified: boolean;
}

export interface RecaptchaTokenStoreOptions {
  /** Clock in ms since the epoch (default `Date.now()`, read at each call so fake timers apply). */
  readonly now?: () => number;
  /** Tokens held before the oldest are dropped (a positive integer; default 10 000). */
  readonly capacity?: number;
}

export class RecaptchaTokenStore {
  /** Token → entry; insertion order is issue order, oldest first. */
  readonly #tokens = new Map<string, RecaptchaTokenEntry>();
  readonly #now: () => number;
  readonly capacity: number;

  /** Throws a RangeError when `capacity` is not a positive integer. */
  constructor(options: RecaptchaTokenStoreOptions = {}) {
    const capacity = options.capacity ?? DEFAULT_RECAPTCHA_TOKEN_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`reCAPTCHA token capacity must be a positive integer, got ${capacity}`);
    }
    this.capacity = capacity;
    this.#now = options.now ?? (() => Date.now());
  }

  /** Number of tokens held (verified or not, expired ones until the next prune). */
  get size(): number {
    return this.#tokens.size;
  }

  /** The current time of the store's clock, in ms since the epoch. */
  now(): number {
    return this.#now();
  }

  /**
   * Issues a new token for `grant`: base64url of 32 random bytes (43 characters). Prunes expired tokens
   * first and drops the oldest beyond the capacity.
   */
  issue(grant: RecaptchaTokenGrant): string {
    const issuedAt = this.#now();
    for (const [token, entry] of this.#tokens) {
      if (this.#isExpired(entry, issuedAt)) this.#tokens.delete(token);
    }
    const token = randomBytes(32).toString('base64url');
    this.#tokens.set(token, { ...grant, issuedAt, verified: false });
    for (const oldest of this.#tokens.keys()) {
      if (this.#tokens.size <= this.capacity) break;
      this.#tokens.delete(oldest);
    }
    return token;
  }

  /** The entry of `token`, or `undefined` when it was never issued (or pruned, or dropped). */
  get(token: string): RecaptchaTokenEntry | undefined {
    return this.#tokens.get(token);
  }

  /** Whether `entry` is older than {@link RECAPTCHA_TOKEN_TTL_MS} now. */
  isExpired(entry: RecaptchaTokenEntry): boolean {
    return this.#isExpired(entry, this.#now());
  }

  #isExpired(entry: RecaptchaTokenEntry, now: number): boolean {
    return now - entry.issuedAt > RECAPTCHA_TOKEN_TTL_MS;
  }
}
