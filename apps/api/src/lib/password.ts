/**
 * Password hashing with argon2id, OWASP parameters (19 MiB memory, 2 iterations, 1 lane), off the
 * event loop (DESIGN.md §3 passwords). `needsRehash` tells when a stored hash used other parameters.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * `Algorithm.Argon2id`: a const enum of the package's declarations, which type stripping cannot inline
 * and the native binding does not export at run time, hence its value.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum has no run-time value to assign (see above)
export const ARGON2ID = 2 as Algorithm;

/** Current parameters: memory in KiB, iterations, lanes. */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes `password` (argon2id PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}

/** Checks `password` against a PHC `stored` hash; false (never throws) on a malformed hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when `stored` was made with other parameters than {@link ARGON2_PARAMS} (re-hash on login). */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  return (
    Number(m[1]) !== ARGON2_PARAMS.memoryCost ||
    Number(m[2]) !== ARGON2_PARAMS.timeCost ||
    Number(m[3]) !== ARGON2_PARAMS.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification (for unknown users, so timing does not reveal existence). */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('guildgate-dummy-password-1');
  await verifyPassword(await dummyHash, password);
}
