/**
 * Operator actions on bans (spec §6; docs/operations.md "Bans"), used by `npm run bans`: ban or lift an
 * address or range. Banning a player is session's `setPlayerBanned` (it revokes their sessions).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { formatIpRange, parseIpRange } from './ip-bans.ts';
import { deleteIpBan, upsertIpBan } from './store.ts';

/**
 * Bans `cidr` (an address or range) for `days` days (null: until lifted); a second ban of the same
 * range replaces the first.
 * @returns the canonical range
 * @throws Error when `cidr` is not an address or range
 */
export async function banIp(
  db: Kysely<Database>,
  cidr: string,
  options: { reason?: string | null; days?: number | null } = {},
): Promise<string> {
  const range = parseIpRange(cidr);
  if (!range) throw new Error(`not an IP address or CIDR range: ${cidr}`);
  const text = formatIpRange(range);
  const values = {
    reason: options.reason ?? null,
    created_at: isoNow(),
    expires_at: options.days ? isoIn(options.days * DAY_MS) : null,
  };
  await upsertIpBan(db, text, values);
  await audit({ db }, null, 'ip.banned', null, { cidr: text, reason: values.reason });
  return text;
}

/** Lifts the ban of `cidr`; returns whether there was one. */
export async function liftIpBan(db: Kysely<Database>, cidr: string): Promise<boolean> {
  const range = parseIpRange(cidr);
  if (!range) return false;
  return deleteIpBan(db, formatIpRange(range));
}
