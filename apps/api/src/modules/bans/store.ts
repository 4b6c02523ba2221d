/**
 * The store of bans (spec §6 "Banned accounts and banned IPs are refused"; docs/operations.md "Bans"):
 * `banned_ips` (one row per canonical address or CIDR range, with reason and optional expiry, ISO-8601
 * UTC text), and the player ban flag `users.banned_at`. The console lists and reads bans by id (issue 24 §3).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A ban of an address or range: canonical `address/prefix`, reason, ISO creation and expiry (null: never). */
export interface IpBanValues {
  reason: string | null;
  created_at: string;
  expires_at: string | null;
}

/** Inserts the ban of `cidr` (canonical), or replaces the existing ban of that range. */
export async function upsertIpBan(db: Kysely<Database>, cidr: string, values: IpBanValues): Promise<void> {
  await db
    .insertInto('banned_ips')
    .values({ cidr, ...values })
    .onConflict((oc) => oc.column('cidr').doUpdateSet(values))
    .execute();
}

/** Deletes the ban of `cidr` (canonical); true when there was one. */
export async function deleteIpBan(db: Kysely<Database>, cidr: string): Promise<boolean> {
  const result = await db.deleteFrom('banned_ips').where('cidr', '=', cidr).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The ranges (`cidr` text) of every ban not expired at `now` (ISO-8601). */
export async function activeIpBanRanges(db: Kysely<Database>, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('banned_ips')
    .select('cidr')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  return rows.map((r) => r.cidr);
}

/** A ban as the console lists it: id, canonical range, reason, ISO creation and expiry (null: never). */
export interface IpBanRow extends IpBanValues {
  id: number;
  cidr: string;
}

/** Every ban, newest first (expired ones included; a handful, unpaged). */
export function listIpBans(db: Kysely<Database>): Promise<IpBanRow[]> {
  return db
    .selectFrom('banned_ips')
    .select(['id', 'cidr', 'reason', 'created_at', 'expires_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The ban `id`, or undefined. */
export function findIpBan(db: Kysely<Database>, id: number): Promise<IpBanRow | undefined> {
  return db
    .selectFrom('banned_ips')
    .select(['id', 'cidr', 'reason', 'created_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The ban of range `cidr` (canonical), or undefined. */
export function findIpBanOfRange(db: Kysely<Database>, cidr: string): Promise<IpBanRow | undefined> {
  return db
    .selectFrom('banned_ips')
    .select(['id', 'cidr', 'reason', 'created_at', 'expires_at'])
    .where('cidr', '=', cidr)
    .executeTakeFirst();
}
