/**
 * The Steam stand-in's accounts (DESIGN.md §1 Steam). Every valid SteamID64 exists: 17 digits starting
 * `7656119` ({@link isSteamId}). Three demo accounts have fixed persona names
 * ({@link SANDBOX_STEAM_DEMO_ACCOUNTS}); any other account is called "Player <last 4 digits>" until a
 * persona name is typed for it on the approve page, which is then remembered in memory (a restart
 * forgets it).
 */

/** A SteamID64: 17 digits, individual accounts of the public universe (`7656119…`). */
const STEAM_ID_PATTERN = /^7656119\d{10}$/;

/** Longest persona name, in characters (Steam's limit). */
export const MAX_PERSONA_NAME_LENGTH = 32;

/** One account of the stand-in. */
export interface SteamAccount {
  /** SteamID64, e.g. "76561197960287930". */
  readonly steamid: string;
  /** Display name, e.g. "Gabe Sandbox". */
  readonly personaName: string;
}

/** The demo accounts listed on the approve page, in that order. */
export const SANDBOX_STEAM_DEMO_ACCOUNTS: readonly SteamAccount[] = [
  { steamid: '76561197960287930', personaName: 'Gabe Sandbox' },
  { steamid: '76561198000000001', personaName: 'Ada Sandbox' },
  { steamid: '76561198000000002', personaName: 'Linus Sandbox' },
];

/** Whether `value` is a SteamID64 of an individual account: 17 digits starting `7656119`. */
export function isSteamId(value: unknown): value is string {
  return typeof value === 'string' && STEAM_ID_PATTERN.test(value);
}

/**
 * Checks a persona name typed by a person: surrounding spaces trimmed, then 1 to
 * {@link MAX_PERSONA_NAME_LENGTH} characters without control characters.
 * @returns the trimmed name, or `{ error }` saying what is wrong
 */
export function checkPersonaName(value: string): string | { error: string } {
  const name = value.trim();
  if (name.length === 0) return { error: 'The persona name is empty.' };
  if (Array.from(name).length > MAX_PERSONA_NAME_LENGTH) {
    return { error: `The persona name must be at most ${MAX_PERSONA_NAME_LENGTH} characters.` };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return { error: 'The persona name has control characters.' };
  return name;
}

/** In-memory persona names and sign-in times of the accounts (one per party instance). */
export class SteamAccountStore {
  /** SteamID64 → persona name typed on the approve page. */
  readonly #names = new Map<string, string>();
  /** SteamID64 → time of the last approved sign-in, in ms since the epoch. */
  readonly #signIns = new Map<string, number>();
  /** When the store was made, in ms since the epoch (the "last log-off" of accounts never signed in). */
  readonly #createdAt = Date.now();

  /** Whether an account exists for `steamid` (every valid SteamID64 does). */
  exists(steamid: unknown): steamid is string {
    return isSteamId(steamid);
  }

  /**
   * The persona name of `steamid`: the name typed for it, else the demo name, else "Player <last 4
   * digits>". Throws a RangeError when `steamid` is not a valid SteamID64.
   */
  personaName(steamid: string): string {
    if (!STEAM_ID_PATTERN.test(steamid)) throw new RangeError(`Not a SteamID64: ${steamid}`);
    return (
      this.#names.get(steamid) ??
      SANDBOX_STEAM_DEMO_ACCOUNTS.find((account) => account.steamid === steamid)?.personaName ??
      `Player ${steamid.slice(-4)}`
    );
  }

  /** The account of `steamid` with its current persona name (throws like {@link personaName}). */
  account(steamid: string): SteamAccount {
    return { steamid, personaName: this.personaName(steamid) };
  }

  /** Remembers `personaName` (already checked with {@link checkPersonaName}) for `steamid`. */
  rename(steamid: string, personaName: string): void {
    if (!STEAM_ID_PATTERN.test(steamid)) throw new RangeError(`Not a SteamID64: ${steamid}`);
    this.#names.set(steamid, personaName);
  }

  /** Records an approved sign-in of `steamid` now. */
  recordSignIn(steamid: string): void {
    this.#signIns.set(steamid, Date.now());
  }

  /** Unix time in seconds of the last sign-in of `steamid`, or of the store's creation when none. */
  lastLogoff(steamid: string): number {
    return Math.floor((this.#signIns.get(steamid) ?? this.#createdAt) / 1000);
  }
}
