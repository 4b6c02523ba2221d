/**
 * The end-to-end deployments: one API node per environment of spec §1, plus two `local` nodes with
 * every feature flag flipped, so each route rule and flag is exercised. Ports stay apart from
 * `npm start`'s 8080/8090 so both can run at once.
 *
 * Development knobs (never set in CI): `E2E_PORT_OFFSET=N` shifts every port by N, so two runs can
 * share a machine; `E2E_ONLY=local,two-point-studios` starts and tests only the named deployments.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
const port = (base: number) => base + OFFSET;

export const E2E = {
  sandboxPort: port(8190),
  smtpPort: port(2625),
  sandboxUrl: `http://localhost:${port(8190)}`,
  localPort: port(8180),
  twoPointPort: port(8181),
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
  /** Do the `*.flags-on.spec.ts` suites (flows only a flag turns on) run here? */
  flagsOnSuites?: boolean;
  /** Do the `*.partner.spec.ts` suites (the partner studio's sign-on journeys) run here? */
  partnerSuites?: boolean;
  /**
   * Do the `*.hub.spec.ts` suites (the sandbox partner site signing players in through this node as its
   * hub) run here? Only one deployment may: the sandbox's partner site is the client of one hub
   * (`SANDBOX_HUB_URL` of the sandbox web server).
   */
  hubSuites?: boolean;
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

/**
 * The e2e nodes' TOKEN_CACHE_MAX_AGE_SECONDS: a token is remembered one second at most, so a journey
 * that moves a session's moments in the store behind the node's back (passing-time.ts) waits only that.
 */
export const E2E_TOKEN_CACHE_MAX_AGE_SECONDS = 1;

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
  FEATURE_SECURITY_SESSIONS: '1',
  FEATURE_SECURITY_ACTIVITY: '1',
  FEATURE_DATA_EXPORT: '1',
  FEATURE_SECURITY_ALERTS: '1',
  FEATURE_BREACHED_PASSWORD_CHECK: '1',
  FEATURE_AUTHENTICATOR_APP: '1',
  FEATURE_PASSKEYS: '1',
};
const ALL_FLAGS_OFF = Object.fromEntries(Object.keys(ALL_FLAGS_ON).map((k) => [k, '0']));
/**
 * The captcha flag needs a site key and a secret (spec §4): test keys of the sandbox's reCAPTCHA
 * stand-in, whose script and siteverify it uses.
 */
export const CAPTCHA_SETTINGS = {
  CAPTCHA_SITE_KEY: 'guildgate-e2e-site-key',
  CAPTCHA_SECRET_KEY: 'guildgate-e2e-secret-key',
  CAPTCHA_SCRIPT_URL: `${E2E.sandboxUrl}/recaptcha/api.js`,
  CAPTCHA_VERIFY_URL: `${E2E.sandboxUrl}/recaptcha/api/siteverify`,
};

/**
 * The linked providers (spec §4 Linking a provider) of every deployment: the sandbox's Steam, Twitch
 * and Epic Games stand-ins with their e2e credentials (apps/sandbox/src/{steam,twitch,epic-games}), and
 * the partner studios' identity providers.
 */
export const LINKING_SETTINGS = {
  STEAM_OPENID_URL: `${E2E.sandboxUrl}/steam/openid`,
  STEAM_API_URL: `${E2E.sandboxUrl}/steam/api`,
  STEAM_API_KEY: 'guildgate-e2e-steam-key',
  TWITCH_ISSUER: `${E2E.sandboxUrl}/twitch`,
  TWITCH_CLIENT_ID: 'guildgate-e2e-twitch',
  TWITCH_CLIENT_SECRET: 'guildgate-e2e-twitch-secret',
  EPIC_GAMES_ISSUER: `${E2E.sandboxUrl}/epic-games`,
  EPIC_GAMES_CLIENT_ID: 'guildgate-e2e-epic',
  EPIC_GAMES_CLIENT_SECRET: 'guildgate-e2e-epic-secret',
  // The partner studios' sign-on (spec §1; apps/sandbox/src/partner-idp), their e2e clients.
  CREATIVE_ASSEMBLY_ISSUER: `${E2E.sandboxUrl}/partner-idp/creative-assembly`,
  CREATIVE_ASSEMBLY_CLIENT_ID: 'guildgate-e2e-creative-assembly',
  CREATIVE_ASSEMBLY_CLIENT_SECRET: 'guildgate-e2e-creative-assembly-secret',
  FOCUS_ISSUER: `${E2E.sandboxUrl}/partner-idp/focus`,
  FOCUS_CLIENT_ID: 'guildgate-e2e-focus',
  FOCUS_CLIENT_SECRET: 'guildgate-e2e-focus-secret',
};

/** Every deployment; ports 8180–8192 (plus E2E_PORT_OFFSET). */
const ALL_DEPLOYMENTS: Deployment[] = [
  {
    name: 'local',
    environment: 'local',
    port: E2E.localPort,
    // As `npm start`: the community website (spec §1 front url) is the sandbox's partner site, whose hub
    // this node is (the `*.hub.spec.ts` suites follow "Browse website" and "View my profile" there).
    env: { FRONT_URL: `${E2E.sandboxUrl}/partner/` },
    journeys: true,
    hubSuites: true,
  },
  {
    name: 'two-point-studios',
    environment: 'TWO-POINT-STUDIOS',
    port: E2E.twoPointPort,
    env: {},
    journeys: true,
  },
  { name: 'creative-assembly', environment: 'CREATIVE-ASSEMBLY', port: port(8182), env: {}, journeys: false },
  { name: 'focus', environment: 'FOCUS', port: port(8183), env: {}, journeys: false, partnerSuites: true },
  { name: 'sandbox', environment: 'SANDBOX', port: port(8184), env: {}, journeys: false },
  { name: 'avalanche', environment: 'AVALANCHE', port: port(8185), env: {}, journeys: false },
  { name: 'staging', environment: 'staging', port: port(8186), env: {}, journeys: false },
  { name: 'test', environment: 'test', port: port(8187), env: {}, journeys: false },
  // prod and preprod are production mode (docs/operations.md): these nodes test their branding and
  // behaviour with the sandbox and demo data, so they run in development mode.
  {
    name: 'preprod',
    environment: 'preprod',
    port: port(8188),
    env: { DEVELOPMENT_MODE: '1' },
    journeys: false,
  },
  {
    name: 'prod',
    environment: 'prod',
    port: port(8189),
    env: { IS_PROD: '1', DEVELOPMENT_MODE: '1' },
    journeys: false,
    encryptedConfiguration: true,
  },
  {
    name: 'local-flags-on',
    environment: 'local',
    port: port(8191),
    env: { ...ALL_FLAGS_ON, ...CAPTCHA_SETTINGS },
    journeys: false,
    flagsOnSuites: true,
  },
  { name: 'local-flags-off', environment: 'local', port: port(8192), env: ALL_FLAGS_OFF, journeys: false },
];

const only = process.env.E2E_ONLY?.split(',').map((name) => name.trim());
/** The folder of deployment `name`'s files (its SQLite store, its own SPA build): e2e/.artifacts/… */
export function deploymentDir(name: string): string {
  return `e2e/.artifacts/${name}${OFFSET ? `-${OFFSET}` : ''}`;
}

/** Is this run limited to some deployments (E2E_ONLY)? */
export const E2E_FILTERED = only !== undefined;

/** The deployments of this run (all of them unless E2E_ONLY names some). */
export const DEPLOYMENTS: Deployment[] = only
  ? ALL_DEPLOYMENTS.filter((d) => only.includes(d.name))
  : ALL_DEPLOYMENTS;
