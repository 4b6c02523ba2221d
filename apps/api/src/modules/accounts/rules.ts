/**
 * The account-field rules on the server (spec §5 "Rules visible only through server messages", the
 * TWO-POINT-STUDIOS rules, §8 codes): registration, partner registration, username and e-mail update,
 * password reset and recovery all check a field of the player record with these. The store-free rules
 * themselves live in `@guildgate/contracts` (form-rules.ts), so that the SPA checks the very same rules
 * in the browser; this module binds them to the API's environment. Pure functions: they return the
 * failing items, one per property, and never touch the store (uniqueness: store.ts, service.ts).
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  newPasswordItems as sharedNewPasswordItems,
  registerFormErrors as sharedRegisterFormErrors,
  type Environment,
  type ErrorItem,
  type RegisterRequest,
} from '@guildgate/contracts';

export {
  dateOfBirthError,
  emailError,
  newPasswordError,
  passwordError,
  studioPasswordError,
  usernameError,
} from '@guildgate/contracts';

/** Does `environment` apply the TWO-POINT-STUDIOS register and password rules (spec §5)? */
export function hasStudioRules(environment: Environment): boolean {
  return ENVIRONMENT_BEHAVIOUR[environment].studioRules;
}

/**
 * The items of a new password and its confirmation (account reset, recovery reset; spec §8 "Password
 * reset splits errors into blank, Password and ConfirmPassword groups"): the password rules on
 * `Password` (the studio rule first in TWO-POINT-STUDIOS), a mismatch on `ConfirmPassword`.
 */
export function newPasswordItems(
  environment: Environment,
  username: string,
  password: string,
  confirm: string,
): ErrorItem[] {
  return sharedNewPasswordItems(hasStudioRules(environment), username, password, confirm);
}

/** Context of one registration check. */
export interface RegisterRuleContext {
  environment: Environment;
  unauthorizedDomains: readonly string[];
  today?: Date;
}

/**
 * Every store-free rule for a register form. Returns one item per failing property (the first
 * failing rule of that property), in form order; [] when the form passes.
 */
export function registerFormErrors(form: RegisterRequest, rc: RegisterRuleContext): ErrorItem[] {
  return sharedRegisterFormErrors(form, {
    studioRules: hasStudioRules(rc.environment),
    unauthorizedDomains: rc.unauthorizedDomains,
    today: rc.today,
  });
}
