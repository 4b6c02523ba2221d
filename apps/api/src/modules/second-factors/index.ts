/**
 * Public surface of the second-factors module (issue 22 §1–§4): the authenticator app (TOTP) and
 * passkeys (WebAuthn) with recovery codes in the account, the log-in's second step and the passwordless
 * passkey log-in (used by the session module), which factors a player has (for the step-up of
 * sensitive changes), and its part of account deletion and of "Download my data". Its routes
 * (routes.ts) are registered by app.ts.
 */
import type { PlayerDataEraser, PlayerDataExporter } from '../../db/player-data.ts';
import { countRecoveryCodesLeft, deleteSecondFactorsOf, deleteTicketsOf, findTotp } from './store.ts';
import { deletePasskeysOf, listPasskeys } from './passkey-store.ts';
import { hasAnyFactorStored } from './factors.ts';

export {
  passkeyOptionsForTicket,
  isWrongSecondFactor,
  passwordlessPasskeyOptions,
  playerOfTicket,
  redeemSecondFactor,
  verifyPasswordlessPasskey,
  rememberedDeviceCookieName,
  secondFactorChallenge,
  setRememberedDeviceCookie,
  REMEMBERED_DEVICE_DAYS,
  TICKET_MAX_FAILURES,
  type LoginPlayer,
  type SecondFactorProof,
  type SecondFactorStep,
} from './login-step.ts';
export { requireAuthenticatorApp } from './enrolment.ts';
export { hasSecondFactor, requirePasskeys, requireSecondFactors } from './factors.ts';
export { rewrapTotpSecrets, totpSecretsByKek } from './key-rotation.ts';
export { resetSecondFactors, type ResetFactors } from './reset.ts';

/** Erasing a player (spec §4 Deletion): their app, passkeys, challenges, recovery codes and tickets. */
export const playerDataEraser: PlayerDataEraser = {
  module: 'second-factors',
  tables: ['second_factors', 'recovery_codes', 'second_factor_tickets', 'passkeys', 'webauthn_challenges'],
  async deletePlayerData(trx, player) {
    await deleteTicketsOf(trx, player.id);
    await deletePasskeysOf(trx, player.id);
    await deleteSecondFactorsOf(trx, player.id);
  },
};

/**
 * "Download my data" (issue 22 §8): whether an authenticator app is enrolled and since when, the
 * passkeys (name, added, last used, synced), and how many recovery codes are left — never the secret,
 * a passkey's key or credential id, nor a code's digest.
 */
export const playerDataExporter: PlayerDataExporter<'secondFactors'> = {
  module: 'second-factors',
  tables: ['second_factors', 'recovery_codes', 'passkeys'],
  async exportPlayerData(db, player) {
    const totp = await findTotp(db, player.id);
    const confirmedAt = totp?.confirmed_at ?? null;
    const passkeys = await listPasskeys(db, player.id);
    return {
      secondFactors: {
        authenticatorApp: confirmedAt !== null,
        authenticatorAppSince: confirmedAt,
        passkeys: passkeys.map((p) => ({
          name: p.name,
          createdAt: p.created_at,
          lastUsedAt: p.last_used_at,
          synced: Boolean(p.backed_up),
        })),
        recoveryCodesLeft: (await hasAnyFactorStored(db, player.id))
          ? await countRecoveryCodesLeft(db, player.id)
          : 0,
      },
    };
  },
};
