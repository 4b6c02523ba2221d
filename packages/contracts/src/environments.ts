/**
 * Environments, feature flags and the runtime-configuration shape (spec §1).
 * The configuration is served at /runtime-configuration/current/environment.json, either plain
 * ({@link RuntimeConfigurationSchema}) or encrypted as `{ Value }` ({@link EncryptedConfigurationSchema}).
 */
import { z } from 'zod';

/** The studio environments of spec §1. */
export const STUDIO_ENVIRONMENTS = [
  'TWO-POINT-STUDIOS',
  'CREATIVE-ASSEMBLY',
  'SANDBOX',
  'FOCUS',
  'AVALANCHE',
] as const;
/** The generic (community-branded) environments of spec §1. */
export const GENERIC_ENVIRONMENTS = ['local', 'staging', 'test', 'preprod', 'prod'] as const;
/** Every environment name accepted by `PORTAL_ENVIRONMENT`. */
export const ENVIRONMENTS = [...STUDIO_ENVIRONMENTS, ...GENERIC_ENVIRONMENTS] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;

/** The partner studios whose own sign-on serves their environment (spec §9), by their §7 path key. */
export const PARTNER_KEYS = ['creative-assembly', 'focus'] as const;
export type PartnerKey = (typeof PARTNER_KEYS)[number];

/**
 * What an environment changes in the portal's behaviour (spec §1, §2 route table and screens, §4, §5, §9),
 * read by both the API and the SPA instead of comparing environment names. Every field is `false`/`null`
 * in the generic environments (local, staging, test, preprod, prod).
 */
export interface EnvironmentBehaviour {
  /**
   * spec §9: log-in and registration go through the partner studio's own sign-on (CREATIVE-ASSEMBLY,
   * FOCUS): no password here, so no password recovery, password reset, e-mail or username change, and
   * deletion without the password check (spec §7 deletion/partner/user/{userId}).
   */
  partnerSignOn: boolean;
  /** The partner of {@link partnerSignOn}, as in §7's partner paths (`partner/{key}/login-url`); else null. */
  partnerKey: PartnerKey | null;
  /** spec §2 Login: user name and password on one page (TWO-POINT-STUDIOS, SANDBOX), not two steps. */
  oneStepLogin: boolean;
  /**
   * spec §2 /register, §5: the studio's register form and rules (TWO-POINT-STUDIOS): Lastname,
   * DateOfBirth, Code of Conduct, and the studio password rule on every new password.
   */
  studioRules: boolean;
  /**
   * spec §2 route table: the /register/validate page exists (TWO-POINT-STUDIOS); the verification
   * e-mail links there instead of /confirm-email.
   */
  registerValidatePage: boolean;
  /** spec §4 too-fast rule on registration (a form token at least the minimum time old); off in CREATIVE-ASSEMBLY. */
  registerTooFastRule: boolean;
  /** spec §2 My information: the e-mail section is hidden (TWO-POINT-STUDIOS). */
  hiddenEmailSection: boolean;
  /** spec §2 Password reset in the account: the page asks, and the API requires, the Old password (TWO-POINT-STUDIOS). */
  oldPasswordField: boolean;
  /**
   * spec §2 Deletion request: "in one studio environment" deletion goes through support (only step 3,
   * a Contact button); the API refuses self-service deletion there. Guildgate chose AVALANCHE.
   */
  supportDeletion: boolean;
}

/** The generic environments' behaviour (community-branded, nothing changed). */
const GENERIC_BEHAVIOUR: EnvironmentBehaviour = {
  partnerSignOn: false,
  partnerKey: null,
  oneStepLogin: false,
  studioRules: false,
  registerValidatePage: false,
  registerTooFastRule: true,
  hiddenEmailSection: false,
  oldPasswordField: false,
  supportDeletion: false,
};

/** The one table of what each environment changes (issue 20 §8; docs/configuration.md "Environments"). */
export const ENVIRONMENT_BEHAVIOUR: Readonly<Record<Environment, Readonly<EnvironmentBehaviour>>> = {
  'TWO-POINT-STUDIOS': {
    ...GENERIC_BEHAVIOUR,
    oneStepLogin: true,
    studioRules: true,
    registerValidatePage: true,
    hiddenEmailSection: true,
    oldPasswordField: true,
  },
  'CREATIVE-ASSEMBLY': {
    ...GENERIC_BEHAVIOUR,
    partnerSignOn: true,
    partnerKey: 'creative-assembly',
    registerTooFastRule: false,
  },
  SANDBOX: { ...GENERIC_BEHAVIOUR, oneStepLogin: true },
  FOCUS: { ...GENERIC_BEHAVIOUR, partnerSignOn: true, partnerKey: 'focus' },
  AVALANCHE: { ...GENERIC_BEHAVIOUR, supportDeletion: true },
  local: GENERIC_BEHAVIOUR,
  staging: GENERIC_BEHAVIOUR,
  test: GENERIC_BEHAVIOUR,
  preprod: GENERIC_BEHAVIOUR,
  prod: GENERIC_BEHAVIOUR,
};

/**
 * The feature flags, by their configuration names: the nine of spec §1, then the account-security
 * sections' (issue 22 §10; each switches its whole section, API calls and pages, and is on by default):
 * - `securitySessions`: "Where you're signed in" (the player's sessions, signing them out);
 * - `securityActivity`: the player's recent security events;
 * - `dataExport`: "Download my data" (GDPR art. 15/20);
 * - `securityAlerts`: security alerts by e-mail, with their "this wasn't me" link;
 * - `breachedPasswordCheck`: common and breached passwords refused, and the strength meter;
 * - `authenticatorApp`: the authenticator app (TOTP, RFC 6238) with recovery codes, and the second step
 *   of the log-in for the players who enrolled one;
 * - `passkeys`: passkeys (WebAuthn) in the account, as a second factor, and "Sign in with a passkey".
 */
export const FEATURE_FLAGS = [
  'customCookieManagement',
  'registerWithAccessKeys',
  'enableCaptcha',
  'connectionsSection',
  'newsletterSection',
  'deletionSection',
  'bypassPartnerRegisterPage',
  'tagManager',
  'epicAlternativeRedeemerFlow',
  'securitySessions',
  'securityActivity',
  'dataExport',
  'securityAlerts',
  'breachedPasswordCheck',
  'authenticatorApp',
  'passkeys',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FeatureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** The flags' values where no `FEATURE_*` variable sets them (spec §1; docs/configuration.md). */
export const DEFAULT_FLAGS: Readonly<FeatureFlags> = {
  customCookieManagement: false,
  registerWithAccessKeys: false,
  enableCaptcha: false,
  connectionsSection: true,
  newsletterSection: true,
  deletionSection: true,
  bypassPartnerRegisterPage: false,
  tagManager: false,
  epicAlternativeRedeemerFlow: false,
  securitySessions: true,
  securityActivity: true,
  dataExport: true,
  securityAlerts: true,
  breachedPasswordCheck: true,
  authenticatorApp: true,
  passkeys: true,
};

/** spec §1 "Configuration fields", as served to the SPA. No secret may go in here. */
export const RuntimeConfigurationSchema = z
  .object({
    environmentName: EnvironmentSchema,
    isProd: z.boolean(),
    frontUrl: z.url(),
    accountUrl: z.url(),
    mediaUrl: z.url(),
    /** Base address of the account API, ending with '/' (e.g. http://localhost:8080/api/). */
    accountApiUrl: z.url(),
    /** Sent as the `x-api-key` header on every call (names the front end / studio). */
    accountApiKey: z.string().min(1),
    /** The anonymous bearer sent as `Authorization: Bearer …` on anonymous calls (spec §6). */
    apiKey: z.string().min(1),
    captchaSiteKey: z.string(),
    /**
     * The reCAPTCHA v3 script to load (Google's api.js in production, the sandbox stand-in elsewhere).
     * Not in spec §1's list: the spec leaves the captcha's script retrieval unshown (§7).
     */
    captchaScriptUrl: z.url(),
    /**
     * The partner single-sign-on service's resend-validation address (spec §2 Unverified-account page,
     * §7 "its address depends on a prod/test flag"): the SPA calls `prod` when `isProd`, else `test`;
     * '' = not configured.
     */
    partnerSsoResendUrls: z.object({
      prod: z.union([z.url(), z.literal('')]),
      test: z.union([z.url(), z.literal('')]),
    }),
    partnerName: z.string(),
    registerStudioName: z.string(),
    /** OAuth client id of the portal itself (used when the page query carries none). */
    clientId: z.string().min(1),
    features: FeatureFlagsSchema,
  })
  // spec §4: the captcha runs with the site key; the flag without one cannot work.
  .refine((c) => !c.features.enableCaptcha || c.captchaSiteKey.trim() !== '', {
    path: ['captchaSiteKey'],
    message: 'enableCaptcha needs a captcha site key',
  });
export type RuntimeConfiguration = z.infer<typeof RuntimeConfigurationSchema>;

/** The encrypted form: base64url of `iv (12 bytes) | ciphertext | GCM tag (16 bytes)` (DESIGN.md §6). */
export const EncryptedConfigurationSchema = z.object({ Value: z.string().min(1) });
export type EncryptedConfiguration = z.infer<typeof EncryptedConfigurationSchema>;

/** spec §2 Common query parameters. */
export const COMMON_QUERY_PARAMETERS = [
  'redirectUrl',
  'client_id',
  'referrer',
  'redirect_uri',
  'state',
] as const;

/** spec §9 business constants shared by api and web. */
export const LIMITS = {
  identityCookieName: '_g2g_identity_',
  identityCookieDays: 30,
  consentCookieDays: 365,
  registerMinimumTimeOnPageMs: 15_000,
  formSubmitDelayMs: 300,
  minimumAgeYears: 13,
  usernameMin: 2,
  usernameMax: 25,
  passwordMin: 8,
  passwordMax: 50,
  studioPasswordMin: 8,
  studioPasswordMax: 16,
  emailMin: 2,
  emailMax: 255,
} as const;
