/**
 * Operator actions on bans (spec §6; docs/operations.md "Bans"), used by `npm run bans`: ban or lift an
 * address or range, ban or lift a player. Banning a player revokes every session at once (their tokens
 * stop working) and is audited; a banned player cannot identify, log in, or get a recovery link
 * (ERROR_USER_BANNED).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../audit/index.ts';
import { DAY_MS, isoIn, isoNow } from '../../lib/time.ts';
import { findUserByLogin } from '../profile/users.ts';
import { revokeSessions } from '../session/sessions.ts';
import { formatIpRange, parseIpRange } from './ip-bans.ts';
import { deleteIpBan, setUserBannedAt, upsertIpBan } from './store.ts';

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

/**
 * Bans (`banned` true) or lifts the ban of the player `login` (username or e-mail); a ban revokes every
 * session, in one transaction.
 * @returns false when no player has that name or address
 */
export async function setPlayerBanned(
  db: Kysely<Database>,
  login: string,
  banned: boolean,
): Promise<boolean> {
  const user = await findUserByLogin(db, login);
  if (!user) return false;
  await db.transaction().execute(async (trx) => {
    await setUserBannedAt(trx, user.id, banned ? isoNow() : null, isoNow());
    if (banned) await revokeSessions(trx, { userId: user.id });
    await audit({ db: trx }, user.id, banned ? 'user.banned' : 'user.unbanned', null);
  });
  return true;
}
