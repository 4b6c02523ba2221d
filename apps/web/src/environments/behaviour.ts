/**
 * Behaviour per environment (spec §1, §2 route table and screens, §4, §9): which login view, which
 * register fields and rules, which account sections. Features read this instead of testing names.
 */
import { ENVIRONMENT_BEHAVIOUR, type Environment } from '@guildgate/contracts';

/**
 * The external support page of the environment that deletes through support (spec §2 Deletion request:
 * "a Contact button that opens an external support link instead of deleting"; contracts'
 * `ENVIRONMENT_BEHAVIOUR[…].supportDeletion`, AVALANCHE), opened in a new tab.
 */
export const DELETION_SUPPORT_URL = 'https://support.avalanche.example/requests/new?topic=account-deletion';

/** How the Login page works (spec §2 Login). */
export type LoginMode = 'one-step' | 'two-step' | 'partner-sso';

/** Environment-dependent behaviour of the SPA. */
export interface Behaviour {
  /** CREATIVE-ASSEMBLY and FOCUS (spec §9). */
  partner: boolean;
  /** spec §2 Login: one step in TWO-POINT-STUDIOS and SANDBOX, partner SSO in partner environments. */
  loginMode: LoginMode;
  /** spec §2: TWO-POINT-STUDIOS register adds Lastname, DateOfBirth, Code of Conduct and its password rule. */
  twoPointRegister: boolean;
  /** spec §2 route table: /register/validate exists only in TWO-POINT-STUDIOS. */
  registerValidatePage: boolean;
  /** spec §4 too-fast rule: not applied in CREATIVE-ASSEMBLY. */
  registerTooFastRule: boolean;
  /** spec §2 Login: partner environments have no password recovery. */
  passwordRecovery: boolean;
  /** spec §2 My information: TWO-POINT-STUDIOS hides the e-mail section. */
  showEmailSection: boolean;
  /** spec §2 My information: partner environments cannot update e-mail or username. */
  canUpdateIdentity: boolean;
  /** spec §2 Password reset in the account: the page asks the Old password (TWO-POINT-STUDIOS). */
  oldPasswordField: boolean;
  /** spec §2 My information: partner environments have no password section. */
  showPasswordSection: boolean;
  /** spec §2 Deletion request: three steps, or only 'contact support' in one studio environment. */
  deletionMode: 'three-step' | 'contact-support';
  /** Where the Contact button of the 'contact support' deletion goes; null elsewhere. */
  deletionSupportUrl: string | null;
  /**
   * spec §7 deletion/partner/user/{userId} "when the password check is off": partner environments,
   * whose players sign in through the studio and have no password here.
   */
  deletionPasswordCheck: boolean;
}

/** The behaviour of an environment (spec §1, §2, §9), read from contracts' `ENVIRONMENT_BEHAVIOUR`. */
export function behaviourFor(environment: Environment): Behaviour {
  const table = ENVIRONMENT_BEHAVIOUR[environment];
  const partner = table.partnerSignOn;
  return {
    partner,
    loginMode: partner ? 'partner-sso' : table.oneStepLogin ? 'one-step' : 'two-step',
    twoPointRegister: table.studioRules,
    registerValidatePage: table.registerValidatePage,
    registerTooFastRule: table.registerTooFastRule,
    passwordRecovery: !partner,
    showEmailSection: !table.hiddenEmailSection,
    canUpdateIdentity: !partner,
    oldPasswordField: table.oldPasswordField,
    showPasswordSection: !partner,
    deletionMode: table.supportDeletion ? 'contact-support' : 'three-step',
    deletionSupportUrl: table.supportDeletion ? DELETION_SUPPORT_URL : null,
    deletionPasswordCheck: !partner,
  };
}
