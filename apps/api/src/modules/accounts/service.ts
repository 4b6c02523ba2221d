/**
 * The player record's rules that need the store or a remote check (spec §5 Email "not disposable",
 * "unique", "mailbox must exist, not high-risk domain"; §8 codes), shared by registration and the
 * e-mail update, and the accounts part of account deletion (issue 20 §4).
 */
import type { ErrorCode } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { isDisposableEmail } from './disposable.ts';
import { emailReputationError } from './email-check.ts';
import { clearReferrer, deleteUser, emailTaken } from './store.ts';

/** Default avatar of a new player (served by the SPA; spec §3 User.AvatarUrl). */
export const DEFAULT_AVATAR_PATH = '/avatars/default.svg';

/**
 * The store and reputation checks of an address a player asks for (registration, e-mail update), in
 * this order: disposable (ERROR_EMAIL_DISPOSABLE_ADDRESS), used by another player than `exceptUserId`
 * (ERROR_EMAIL_EXIST), then the reputation service, a remote call, last
 * (ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST, ERROR_EMAIL_HIGH_RISK; email-check.ts). Runs after the form
 * rules (rules.ts `emailError`) have passed.
 * @returns the first failing code, or null
 */
export async function newEmailError(
  ctx: AppContext,
  email: string,
  exceptUserId?: number,
): Promise<ErrorCode | null> {
  if (isDisposableEmail(email)) return 'ERROR_EMAIL_DISPOSABLE_ADDRESS';
  if (await emailTaken(ctx.db, email, exceptUserId)) return 'ERROR_EMAIL_EXIST';
  return emailReputationError(ctx, email);
}

/**
 * The accounts eraser (issue 20 §4): cuts the referrer link of the players the erased player referred
 * (`users.referrer_user_id`), then deletes the player's `users` row. Runs last, after every other
 * module's eraser.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'accounts',
  tables: ['users'],
  async deletePlayerData(trx, player) {
    await clearReferrer(trx, player.id);
    await deleteUser(trx, player.id);
  },
};
