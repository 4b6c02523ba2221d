/**
 * The end-to-end deployments: one API node per environment of spec §1, plus two `local` nodes with
 * every feature flag flipped, so each route rule and flag is exercised. Ports stay apart from
 * `npm start`'s 8080/8090 so both can run at once.
 */
export const E2E = {
  sandboxPort: 8190,
  smtpPort: 2625,
  sandboxUrl: 'http://localhost:8190',
  localPort: 8180,
  twoPointPort: 8181,
} as const;

/** One deployment under test. */
export interface Deployment {
  /** Playwright project name. */
  name: string;
  /** PORTAL_ENVIRONMENT. */
  environment: string;
  port: number;
  /** Extra variables (feature flags, FEATURE_*=1/0). */
  env: Record<string, string>;
  /** Does the first-journey suite run here? */
  journeys: boolean;
  /**
   * Serve the runtime configuration encrypted (spec §1, DESIGN.md §6): the node gets
   * `RUNTIME_CONFIG_KEY` and its own SPA build made with the same key.
   */
  encryptedConfiguration?: boolean;
}

/**
 * Test-only key (base64url of 32 bytes) of the deployment that serves its configuration encrypted.
 * It protects nothing: the configuration holds no secret (DESIGN.md §6).
 */
export const E2E_RUNTIME_CONFIG_KEY = 'Z3VpbGRnYXRlLWUyZS1ydW50aW1lLWNvbmZpZy1rZXk';

const ALL_FLAGS_ON = {
  FEATURE_CUSTOM_COOKIE_MANAGEMENT: '1',
  FEATURE_REGISTER_WITH_ACCESS_KEYS: '1',
  FEATURE_ENABLE_CAPTCHA: '1',
  FEATURE_CONNECTIONS_SECTION: '1',
  FEATURE_NEWSLETTER_SECTION: '1',
  FEATURE_DELETION_SECTION: '1',
  FEATURE_BYPASS_PARTNER_REGISTER_PAGE: '1',
  FEATURE_TAG_MANAGER: '1',
  FEATURE_EPIC_ALTERNATIVE_REDEEMER_FLOW: '1',
};
const ALL_FLAGS_OFF = Object.fromEntries(Object.keys(ALL_FLAGS_ON).map((k) => [k, '0']));
/** The captcha flag needs a site key (spec §4); a test key. */
const CAPTCHA_SETTINGS = { CAPTCHA_SITE_KEY: 'guildgate-e2e-site-key' };

/** Every deployment; ports 8180–8191. */
export const DEPLOYMENTS: Deployment[] = [
  { name: 'local', environment: 'local', port: E2E.localPort, env: {}, journeys: true },
  {
    name: 'two-point-studios',
    environment: 'TWO-POINT-STUDIOS',
    port: E2E.twoPointPort,
    env: {},
    journeys: true,
  },
  { name: 'creative-assembly', environment: 'CREATIVE-ASSEMBLY', port: 8182, env: {}, journeys: false },
  { name: 'focus', environment: 'FOCUS', port: 8183, env: {}, journeys: false },
  { name: 'sandbox', environment: 'SANDBOX', port: 8184, env: {}, journeys: false },
  { name: 'avalanche', environment: 'AVALANCHE', port: 8185, env: {}, journeys: false },
  { name: 'staging', environment: 'staging', port: 8186, env: {}, journeys: false },
  { name: 'test', environment: 'test', port: 8187, env: {}, journeys: false },
  { name: 'preprod', environment: 'preprod', port: 8188, env: {}, journeys: false },
  {
    name: 'prod',
    environment: 'prod',
    port: 8189,
    env: { IS_PROD: '1' },
    journeys: false,
    encryptedConfiguration: true,
  },
  {
    name: 'local-flags-on',
    environment: 'local',
    port: 8191,
    env: { ...ALL_FLAGS_ON, ...CAPTCHA_SETTINGS },
    journeys: false,
  },
  { name: 'local-flags-off', environment: 'local', port: 8192, env: ALL_FLAGS_OFF, journeys: false },
];
