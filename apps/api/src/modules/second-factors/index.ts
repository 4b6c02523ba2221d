/**
 * Public surface of the second-factors module (issue 22 §1, §2, §4): the authenticator app (TOTP) with
 * recovery codes in the account, the log-in's second step (used by the session module), and its part
 * of account deletion and of "Download my data". Its routes (routes.ts) are registered by app.ts.
 */
import type { PlayerDataEraser, PlayerDataExporter } from '../../db/player-data.ts';
import { countRecoveryCodesLeft, deleteSecondFactorsOf, deleteTicketsOf, findTotp } from './store.ts';

export {
  playerOfTicket,
  redeemSecondFactor,
  rememberedDeviceCookieName,
  secondFactorChallenge,
  setRememberedDeviceCookie,
  REMEMBERED_DEVICE_DAYS,
  TICKET_MAX_FAILURES,
  type LoginPlayer,
  type SecondFactorProof,
} from './login-step.ts';
export { requireAuthenticatorApp } from './enrolment.ts';
export { rewrapTotpSecrets, totpSecretsByKek } from './key-rotation.ts';

/** Erasing a player (spec §4 Deletion): their app, recovery codes and log-in tickets. */
export const playerDataEraser: PlayerDataEraser = {
  module: 'second-factors',
  tables: ['second_factors', 'recovery_codes', 'second_factor_tickets'],
  async deletePlayerData(trx, player) {
    await deleteTicketsOf(trx, player.id);
    await deleteSecondFactorsOf(trx, player.id);
  },
};

/**
 * "Download my data" (issue 22 §8): whether an authenticator app is enrolled and since when, and how
 * many recovery codes are left — never the secret nor a code's digest.
 */
export const playerDataExporter: PlayerDataExporter<'secondFactors'> = {
  module: 'second-factors',
  tables: ['second_factors', 'recovery_codes'],
  async exportPlayerData(db, player) {
    const totp = await findTotp(db, player.id);
    const confirmedAt = totp?.confirmed_at ?? null;
    return {
      secondFactors: {
        authenticatorApp: confirmedAt !== null,
        authenticatorAppSince: confirmedAt,
        recoveryCodesLeft: confirmedAt ? await countRecoveryCodesLeft(db, player.id) : 0,
      },
    };
  },
};
