/**
 * The email-address module's public surface (the player's own address; issue 20 §2, §7; DESIGN.md §2): confirming an address (confirm.ts),
 * the register verification link and mail (verification.ts), the e-mail update (update.ts)
 * and the single-use links sent by e-mail (links.ts). Other modules import only this file.
 */
export {
  confirmEmail,
  markEmailConfirmed,
  MAX_RESENDS_PER_HOUR,
  replaceVerificationLink,
  resendConfirmation,
  sendNewVerificationLink,
} from './confirm.ts';
export { createVerificationLink, queueVerificationEmail, verificationUrl } from './verification.ts';
export {
  confirmEmailUpdate,
  MAX_UPDATE_REQUESTS_PER_HOUR,
  recoverEmail,
  RECOVERY_LINK_TTL_DAYS,
  requestEmailUpdate,
  type EmailCaller,
} from './update.ts';
export {
  consumeLink,
  createLink,
  findLink,
  invalidateLinks,
  pageUrl,
  type LinkCodes,
  type LinkPurpose,
  type UsableLink,
} from './links.ts';
import { deleteEmailLinksOf } from './links.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';

/** Account deletion's part of the email-address module (issue 20 §4): the player's single-use e-mail links. */
export const playerDataEraser: PlayerDataEraser = {
  module: 'email',
  tables: ['email_tokens'],
  deletePlayerData: (trx, player) => deleteEmailLinksOf(trx, player.id),
};
