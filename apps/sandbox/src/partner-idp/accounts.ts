/**
 * Accounts of a partner studio's sandbox identity provider (DESIGN.md §1 "the partner studios' identity
 * providers for CREATIVE-ASSEMBLY and FOCUS"; spec §3 "SSO id (number), SSO email"): an in-memory store
 * of username / e-mail / password accounts with numeric ids, holding the fixed test accounts and those
 * created on the sign-in page ("Create a test account").
 *
 * Passwords are kept as SHA-256 digests and compared with `timingSafeEqual`, and a sign-in with an unknown
 * name still compares against a dummy digest, so the time taken says nothing about which part was wrong.
 * (A sandbox: the test passwords are published on the start page; no slow hash is needed.)
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { OidcAccount } from '../shared/oidc-party.ts';

/** A fixed test account, as published (password in clear). */
export interface PartnerTestAccount {
  /** Numeric SSO id as a string (the `sub`), e.g. "7100001". */
  readonly id: string;
  /** Username as shown (`preferred_username`), e.g. "ca-alice". */
  readonly username: string;
  readonly email: string;
  readonly emailVerified: boolean;
  /** Full name (`name`), e.g. "Alice Aldridge". */
  readonly name: string;
  readonly password: string;
}

/** An account of the store (the password only as its SHA-256 digest). */
export interface PartnerAccount extends Omit<PartnerTestAccount, 'password'> {
  readonly passwordDigest: Buffer;
}

/** What the "Create a test account" form asks for. */
export interface NewPartnerAccount {
  readonly username: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly password: string;
}

/** Inclusive range of the numeric ids given to fresh accounts, e.g. `{ first: 7200000, last: 7999999 }`. */
export interface IdRange {
  readonly first: number;
  readonly last: number;
}

/** Rule of a fresh username: 3 to 32 letters, digits, dots, dashes or underscores. */
export const PARTNER_USERNAME = {
  pattern: /^[A-Za-z0-9_.-]{3,32}$/,
  rule: '3 to 32 letters, digits, dots, dashes or underscores.',
} as const;

/** Length limits of a fresh password, in characters. */
export const PARTNER_PASSWORD = { min: 8, max: 128, rule: '8 to 128 characters.' } as const;

const EMAIL_PATTERN = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const MAX_EMAIL_LENGTH = 254;

/** SHA-256 digest (32 bytes) of a password's UTF-8 bytes. */
function digestOf(password: string): Buffer {
  return createHash('sha256').update(password, 'utf8').digest();
}

/** Compared against when no account matches, so that every sign-in does one comparison. */
const DUMMY_DIGEST = digestOf('no such account');

/**
 * Numeric id (as a string) of a fresh account: a number in `range` derived from SHA-256 of
 * "<studio>:<login>" (login in lower case), so the same name always gives the same id. Pure.
 */
export function partnerAccountIdFor(studio: string, login: string, range: IdRange): string {
  const digest = createHash('sha256').update(`${studio}:${login.toLowerCase()}`).digest();
  return String(range.first + (digest.readUIntBE(0, 6) % (range.last - range.first + 1)));
}

/** The provider helper's view of an account: id, login (lower-case username), display name (full name). */
export function oidcAccountOf(account: Pick<PartnerAccount, 'id' | 'username' | 'name'>): OidcAccount {
  return { id: account.id, login: account.username.toLowerCase(), displayName: account.name };
}

/** The claims of an account: `preferred_username`, `name`, `email`, `email_verified` (boolean). */
export function partnerClaims(account: PartnerAccount): Record<string, unknown> {
  return {
    preferred_username: account.username,
    name: account.name,
    email: account.email,
    email_verified: account.emailVerified,
  };
}

/** The in-memory accounts of one studio's provider (see the module comment). */
export class PartnerAccountStore {
  readonly #studio: string;
  readonly #range: IdRange;
  readonly #byId = new Map<string, PartnerAccount>();

  /** A store holding `testAccounts`; fresh ids are drawn from `range` with `studio` in the hash. */
  constructor(studio: string, range: IdRange, testAccounts: readonly PartnerTestAccount[]) {
    this.#studio = studio;
    this.#range = range;
    for (const { password, ...account } of testAccounts) {
      this.#byId.set(account.id, { ...account, passwordDigest: digestOf(password) });
    }
  }

  /** The account with this id, or undefined. */
  get(id: string): PartnerAccount | undefined {
    return this.#byId.get(id);
  }

  /** The account whose username or e-mail address is `name` (case-insensitive), or undefined. */
  find(name: string): PartnerAccount | undefined {
    const wanted = name.trim().toLowerCase();
    if (wanted === '') return undefined;
    for (const account of this.#byId.values()) {
      if (account.username.toLowerCase() === wanted || account.email.toLowerCase() === wanted) {
        return account;
      }
    }
    return undefined;
  }

  /**
   * The account named `name` (username or e-mail address, case-insensitive) when `password` is its
   * password; undefined otherwise. One constant-time digest comparison in every case.
   */
  verify(name: string, password: string): PartnerAccount | undefined {
    const account = this.find(name);
    const matches = timingSafeEqual(digestOf(password), account?.passwordDigest ?? DUMMY_DIGEST);
    return account && matches ? account : undefined;
  }

  /**
   * Creates an account (username and e-mail trimmed; `name` = the username) with an id from
   * {@link partnerAccountIdFor}, moved on to the next free number in the range if another account has it.
   * @returns the account, or `{ error }` (a sentence for the page) when a field breaks its rule or the
   * username or e-mail address is already used
   */
  create(input: NewPartnerAccount): PartnerAccount | { error: string } {
    const username = input.username.trim();
    const email = input.email.trim();
    if (!PARTNER_USERNAME.pattern.test(username)) {
      return { error: `Invalid username: ${PARTNER_USERNAME.rule}` };
    }
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
      return { error: 'Invalid email: enter an address like name@example.com.' };
    }
    const { length } = Array.from(input.password); // in code points, as the rule counts them
    if (length < PARTNER_PASSWORD.min || length > PARTNER_PASSWORD.max) {
      return { error: `Invalid password: ${PARTNER_PASSWORD.rule}` };
    }
    if (this.find(username)) return { error: 'This username is already taken.' };
    if (this.find(email)) return { error: 'An account with this email already exists.' };
    const account: PartnerAccount = {
      id: this.#freeId(partnerAccountIdFor(this.#studio, username, this.#range)),
      username,
      email,
      emailVerified: input.emailVerified,
      name: username,
      passwordDigest: digestOf(input.password),
    };
    this.#byId.set(account.id, account);
    return account;
  }

  /** `id`, or the next number of the range (wrapping around) not held by an account. */
  #freeId(id: string): string {
    let candidate = Number(id);
    const size = this.#range.last - this.#range.first + 1;
    while (this.#byId.has(String(candidate))) {
      candidate = this.#range.first + ((candidate - this.#range.first + 1) % size);
    }
    return String(candidate);
  }
}
