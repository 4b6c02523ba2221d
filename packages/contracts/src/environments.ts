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

/** spec §9: environments that log in and register through the partner studio's own sign-on. */
export const PARTNER_ENVIRONMENTS = ['CREATIVE-ASSEMBLY', 'FOCUS'] as const satisfies readonly Environment[];

/** True in CREATIVE-ASSEMBLY and FOCUS (spec §2, §9). */
export function isPartnerEnvironment(environment: Environment): boolean {
  return (PARTNER_ENVIRONMENTS as readonly string[]).includes(environment);
}

/** True where login is a single step (spec §2 Login: TWO-POINT-STUDIOS and SANDBOX). */
export function hasOneStepLogin(environment: Environment): boolean {
  return environment === 'TWO-POINT-STUDIOS' || environment === 'SANDBOX';
}

/** The nine feature flags of spec §1, by their configuration names. */
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
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export const FeatureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

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
