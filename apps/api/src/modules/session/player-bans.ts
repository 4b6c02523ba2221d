/**
 * Banning a player (spec §6; docs/operations.md "Bans"), used by `npm run bans`: a ban revokes every
 * session of the player at once (their tokens stop working) and is audited; a banned player cannot
 * identify, log in, or get a recovery link (ERROR_USER_BANNED). Once the ban is committed, the sign-out
 * listeners are told and awaited (`ctx.signOuts`: the OpenID Provider ends the player's sessions there
 * and sends the back-channel logout tokens to the partner sites, docs/security.md "Log-out propagation").
 *
 * It lives in the session module, not in bans, because it revokes sessions: bans (the IP guard of the
 * anonymous forms) sits below session in the module graph (docs/architecture.md "Module graph").
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { findUserByLogin, setBanned } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { revokeSessions } from './sessions.ts';

/**
 * Bans (`banned` true) or lifts the ban of the player `login` (username or e-mail); a ban revokes every
 * session, in one transaction, then tells the sign-out listeners (never throws for their failures).
 * @returns false when no player has that name or address
 */
export async function setPlayerBanned(
  ctx: Pick<AppContext, 'db' | 'signOuts' | 'verifiedTokens'>,
  login: string,
  banned: boolean,
): Promise<boolean> {
  const user = await findUserByLogin(ctx.db, login);
  if (!user) return false;
  await banPlayer(ctx, user, banned);
  return true;
}

/**
 * Bans (`banned` true) or lifts the ban of player `user` — the operator command's ban and the console's
 * (issue 24 §2): in one transaction `inTransaction` (the console's checks and staff audit event: it may
 * throw to change nothing), the ban, the revocation of every session on a ban and the player's audit
 * event; then, on a ban, their verified tokens are forgotten and the sign-out listeners told and awaited
 * (never throws for their failures).
 */
export async function banPlayer(
  ctx: Pick<AppContext, 'db' | 'signOuts' | 'verifiedTokens'>,
  user: Pick<UserRow, 'id' | 'id_user'>,
  banned: boolean,
  inTransaction?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (inTransaction) await inTransaction(trx);
    await setBanned(trx, user.id, banned);
    if (banned) await revokeSessions(trx, { userId: user.id });
    await audit({ db: trx }, user.id, banned ? 'user.banned' : 'user.unbanned', null);
  });
  if (banned) await ctx.verifiedTokens.forgetPlayer(user.id_user);
  if (banned) await ctx.signOuts.signOutNow(user.id_user);
}
