/**
 * The common-password check of a new password (issue 22 §9, flag `breachedPasswordCheck`): registration,
 * password recovery and the account's password change refuse a password zxcvbn finds guessable because
 * of a dictionary — the bundled common and breached passwords, the diceware words, or the player's own
 * username and e-mail address. The estimator and the rule are shared with the SPA's strength meter
 * (`@guildgate/contracts` password-strength.ts, which says which rule and why). No network call.
 *
 * Cost: the dictionaries are loaded once per node, on the first new password (not at start): about
 * 70–130 ms and about 22 MB of RSS (measured on Node 24, @zxcvbn-ts/core 4.2.0); each check then takes
 * 1–25 ms on the event loop for a password of at most 50 characters (the §9 bound, checked before).
 */
import {
  isCommonPassword,
  loadPasswordStrength,
  passwordUserInputs,
  type ErrorCode,
  type ErrorItem,
} from '@guildgate/contracts';
import type { AppConfig } from '../../config/config.ts';
import { newPasswordItems } from './rules.ts';

/**
 * ERROR_PASSWORD_COMMON when the flag `breachedPasswordCheck` is on and `password` is a common one
 * for the player named by `words` (username, e-mail address: passwordUserInputs); null otherwise
 * (flag off: nothing is loaded). Call it after the store-free password rules have passed.
 * @throws only if the bundled zxcvbn packages cannot be loaded (an installation fault: a 500)
 */
export async function commonPasswordError(
  config: Pick<AppConfig, 'features'>,
  password: string,
  ...words: readonly (string | null | undefined)[]
): Promise<ErrorCode | null> {
  if (!config.features.breachedPasswordCheck) return null;
  const estimate = await loadPasswordStrength();
  return isCommonPassword(estimate(password, passwordUserInputs(...words))) ? 'ERROR_PASSWORD_COMMON' : null;
}

/**
 * The items of a new password and its confirmation for an existing player (account password change,
 * recovery reset; spec §8 "Password reset splits errors into blank, Password and ConfirmPassword
 * groups"): the store-free rules (rules.ts `newPasswordItems`), then, when they pass on `Password`,
 * {@link commonPasswordError} with the player's username and e-mail address as user inputs.
 * @returns [] when the password may be set
 */
export async function newPasswordErrors(
  config: Pick<AppConfig, 'environment' | 'features'>,
  player: { username: string; email: string | null },
  password: string,
  confirm: string,
): Promise<ErrorItem[]> {
  const items = newPasswordItems(config.environment, player.username, password, confirm);
  if (!items.some((item) => item.Property === 'Password')) {
    const code = await commonPasswordError(config, password, player.username, player.email);
    if (code) items.unshift({ Property: 'Password', ErrorMessage: code });
  }
  return items;
}
