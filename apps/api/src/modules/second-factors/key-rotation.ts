/**
 * The authenticator apps' secrets in a key-encryption-key rotation (docs/operations.md "Keys";
 * lib/envelope-encryption.ts): `npm run keys -- rewrap` re-wraps them as it does the signing keys, and
 * `status` counts them per key-encryption key.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { KeyRing } from '../../lib/envelope-encryption.ts';
import { listSealedSecrets, replaceSealedSecret } from './store.ts';

/**
 * Re-wraps every secret not yet wrapped with the ring's current key-encryption key.
 * @returns how many were re-wrapped
 * @throws SealedSecretError when one is wrapped with a key the ring lacks
 */
export async function rewrapTotpSecrets(db: Kysely<Database>, keys: KeyRing): Promise<number> {
  let count = 0;
  for (const row of await listSealedSecrets(db)) {
    if (keys.kekOf(row.secret_sealed) === keys.currentId) continue;
    await replaceSealedSecret(db, row, row.secret_sealed, keys.rewrap(row.secret_sealed));
    count++;
  }
  return count;
}

/** How many stored secrets each key-encryption key wraps. */
export async function totpSecretsByKek(db: Kysely<Database>, keys: KeyRing): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await listSealedSecrets(db)) {
    const kek = keys.kekOf(row.secret_sealed) ?? 'unknown';
    counts[kek] = (counts[kek] ?? 0) + 1;
  }
  return counts;
}
