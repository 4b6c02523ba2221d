/**
 * Password strength and the common-password rule (issue 22 §9; flag `breachedPasswordCheck`), shared
 * by the API (which refuses) and the SPA (whose strength meter shows the same estimate). The estimate
 * is zxcvbn's (`@zxcvbn-ts/core` 4.x) with the bundled dictionaries of `@zxcvbn-ts/language-common`
 * (about 49,000 common and breached passwords, the 7,776 EFF diceware words, the keyboard graphs): no
 * network call. The library and its dictionaries (about 1 MB of JavaScript, about 20 MB of memory once
 * built) are loaded on first use only, by dynamic import: on the server at the first new password, in
 * the browser when the player first focuses a new-password field, in a chunk of its own.
 *
 * The rule, {@link isCommonPassword}: a password is refused when zxcvbn scores it below 3 (fewer than
 * 10^8 guesses) AND at least one of the parts zxcvbn splits it into is a dictionary match (the common
 * passwords, the diceware words, or the player's own username / e-mail address as user inputs;
 * case-insensitive, also reversed or in leetspeak — `P@ssw0rd`). So `Password1`, `Qwerty123`,
 * `Summer2024!` (a common word with a year and a symbol: zxcvbn's score 2) and `alice2024` for the
 * player alice are refused, while a long passphrase of common words (`correct horse battery staple`,
 * score 4) and random strings are not: the dictionary is what makes the password guessable, not the
 * mere presence of a word. The score threshold 3 is zxcvbn's "safely unguessable: moderate protection
 * from offline slow-hash scenario" (10^8 guesses), the level OWASP ASVS and NIST SP 800-63B §3.1.1.2
 * (refuse passwords from breach corpuses and dictionary words) point to. Levenshtein matching is off:
 * it costs about 75 ms per check, against 1–25 ms without it.
 */

/** zxcvbn's score, 0 (too guessable) to 4 (very unguessable). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** What the estimator says of one password. */
export interface PasswordStrength {
  /** zxcvbn's score, 0–4. */
  score: PasswordScore;
  /** log10 of zxcvbn's guess estimate. */
  guessesLog10: number;
  /** Is there a dictionary match among the parts (common passwords, diceware words, user inputs)? */
  dictionaryMatch: boolean;
}

/**
 * Estimates `password`'s strength; `userInputs` are the player's own words (username, e-mail address,
 * its local part: {@link passwordUserInputs}), matched like a dictionary. Synchronous, 1–25 ms for a
 * password of at most 50 characters.
 */
export type PasswordStrengthEstimator = (password: string, userInputs: readonly string[]) => PasswordStrength;

/** The lowest zxcvbn score a password with a dictionary match must reach (see the module docstring). */
export const MINIMUM_PASSWORD_SCORE: PasswordScore = 3;

/** The common-password rule (see the module docstring): a score below 3 with a dictionary match. */
export function isCommonPassword(strength: PasswordStrength): boolean {
  return strength.dictionaryMatch && strength.score < MINIMUM_PASSWORD_SCORE;
}

/**
 * The player's own words given to zxcvbn as user inputs: each of `words` (username, e-mail address)
 * whole, the local part of an address, and the parts of at least 3 characters between its separators
 * (`ada.lovelace+games@…` gives `ada.lovelace+games`, `lovelace`, `games`, …); lower case, blanks
 * dropped, no duplicates.
 */
export function passwordUserInputs(...words: readonly (string | null | undefined)[]): string[] {
  const inputs = new Set<string>();
  for (const word of words) {
    const value = (word ?? '').trim().toLowerCase();
    if (!value) continue;
    inputs.add(value);
    const at = value.lastIndexOf('@');
    const local = at > 0 ? value.slice(0, at) : value;
    inputs.add(local);
    for (const part of local.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) inputs.add(part);
  }
  return [...inputs];
}

let loading: Promise<PasswordStrengthEstimator> | undefined;

/** Builds the estimator from the two packages (dynamic imports: a chunk of its own in the SPA). */
async function buildEstimator(): Promise<PasswordStrengthEstimator> {
  const [{ ZxcvbnFactory }, common] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
    useLevenshteinDistance: false,
  });
  return (password, userInputs) => {
    const result = zxcvbn.check(password, [...userInputs]);
    return {
      score: result.score,
      guessesLog10: result.guessesLog10,
      dictionaryMatch: result.sequence.some((match) => match.pattern === 'dictionary'),
    };
  };
}

/**
 * The estimator, loaded once per process (or page) on first call; later calls share it. A failed load
 * (a chunk that could not be fetched) is forgotten, so the next call tries again.
 * @throws whatever the dynamic import throws (the packages missing, the chunk unreachable)
 */
export function loadPasswordStrength(): Promise<PasswordStrengthEstimator> {
  loading ??= buildEstimator().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
