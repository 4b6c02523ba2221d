/**
 * Banning a player (spec §6; docs/operations.md "Bans"), used by `npm run bans`: a ban revokes every
 * session of the player at once (their tokens stop working) and is audited; a banned player cannot
 * identify, log in, or get a recovery link (ERROR_USER_BANNED).
 *
 * It lives in the session module, not in bans, because it revokes sessions: bans (the IP guard of the
 * anonymous forms) sits below session in the module graph (docs/architecture.md "Module graph").
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findUserByLogin, setBanned } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { revokeSessions } from './sessions.ts';

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
    await setBanned(trx, user.id, banned);
    if (banned) await revokeSessions(trx, { userId: user.id });
    await audit({ db: trx }, user.id, banned ? 'user.banned' : 'user.unbanned', null);
  });
  return true;
}
