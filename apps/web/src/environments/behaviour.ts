/**
 * Behaviour per environment (spec §1, §2 route table and screens, §4, §9): which login view, which
 * register fields and rules, which account sections. Features read this instead of testing names.
 */
import { hasOneStepLogin, isPartnerEnvironment, type Environment } from '@guildgate/contracts';

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
  /** spec §2 My information: partner environments have no password section. */
  showPasswordSection: boolean;
}

/** The behaviour of an environment (spec §1, §2, §9). */
export function behaviourFor(environment: Environment): Behaviour {
  const partner = isPartnerEnvironment(environment);
  const twoPoint = environment === 'TWO-POINT-STUDIOS';
  return {
    partner,
    // Partner SSO comes in a later issue; the Login page keeps this hook point and shows two steps meanwhile.
    loginMode: partner ? 'partner-sso' : hasOneStepLogin(environment) ? 'one-step' : 'two-step',
    twoPointRegister: twoPoint,
    registerValidatePage: twoPoint,
    registerTooFastRule: environment !== 'CREATIVE-ASSEMBLY',
    passwordRecovery: !partner,
    showEmailSection: !twoPoint,
    canUpdateIdentity: !partner,
    showPasswordSection: !partner,
  };
}
