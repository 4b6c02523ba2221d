/**
 * Production mode (DESIGN.md §5 "Production mode refuses to start with unsafe settings"; docs/operations.md
 * "Production"): like Keycloak's `start` against `start-dev`, a node that runs for real players refuses to
 * start while any setting is one of the development conveniences that would expose them — an `http`
 * public URL (no HSTS, no `Secure` cookie), no community website (FRONT_URL), the demo data, the well-known keys and credentials of the
 * sandbox, tests and `npm start` (the OpenID Provider's cookie keys included),
 * sandbox, tests and `npm start`, sandbox or loopback provider addresses, no key-encryption key, or a
 * `<…>` placeholder of deploy/production.env.example left unfilled.
 *
 * {@link productionProblems} lists every problem of a configuration at once (the operator fixes them in
 * one go); store-checks.ts `storeProductionProblems` those of the store (demo rows left from a seeded copy).
 */
import { isIP } from 'node:net';
import { DEVELOPMENT_KEK_ID } from '../lib/envelope-encryption.ts';
import type { AppConfig } from './config.ts';

/**
 * Secrets and keys published in this repository — defaults of config.ts, `npm start`'s sandbox
 * credentials, the demo partner and OpenID Connect site clients — which a production node must never accept. Values made of a
 * published prefix (`guildgate-local-…`, `guildgate-e2e-…`, `guildgate-test-…`) are refused too.
 */
const PUBLISHED_SECRETS = new Set([
  'guildgate-local-web-key',
  'guildgate-anonymous-bearer',
  'sandbox-partner-secret',
  'sandbox-oidc-site-secret',
  'test-web-key',
  'test-anonymous-bearer',
]);
const PUBLISHED_PREFIXES = /^guildgate-(local|e2e|test)-/;

/** The sandbox's SMTP address, the default of SMTP_URL. */
export const SANDBOX_SMTP_URL = 'smtp://127.0.0.1:2525';

/** Is `value` one of the repository's published secrets? */
export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRETS.has(value) || PUBLISHED_PREFIXES.test(value);
}

/** A `<…>` placeholder of deploy/production.env.example (no `@`: `Name <a@b.example>` is an address). */
const PLACEHOLDER = /<[^<>@]*>/;

/** Is `hostname` this machine (localhost, *.localhost, 127.0.0.0/8, ::1, 0.0.0.0, ::)? */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) return host === '::1' || host === '::' || /^::ffff:127\./.test(host);
  return false;
}

/** The settings {@link productionProblems} reads besides the typed configuration. */
export interface ProductionInput {
  config: AppConfig;
  /** The variables the operator set (non-empty), by name, with their values. */
  explicit: ReadonlyMap<string, string>;
  /** DEVELOPMENT_MODE was set (refused by the production entry). */
  developmentMode: boolean;
}

/**
 * Every reason why `config` is unsafe for production, one line each naming the variable.
 * @returns [] when the configuration is safe
 */
export function productionProblems({ config, explicit, developmentMode }: ProductionInput): string[] {
  const problems: string[] = [];
  const add = (variable: string, why: string) => problems.push(`${variable}: ${why}`);
  if (developmentMode) add('DEVELOPMENT_MODE', 'development mode is refused by the production entry');
  for (const [variable, value] of explicit)
    if (PLACEHOLDER.test(value)) add(variable, 'still holds a <…> placeholder of the example file');

  const httpsUrl = (variable: string, value: string | null | undefined) => {
    if (!value) return;
    if (PLACEHOLDER.test(value)) return; // reported once, above
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return add(variable, 'is not a URL');
    }
    if (url.protocol !== 'https:') add(variable, `must be https (is ${url.protocol}//${url.host})`);
    else if (isLoopbackHost(url.hostname)) add(variable, `points at this machine (${url.host})`);
    else if (sameOrigin(value, config.sandboxUrl)) add(variable, 'points at the sandbox');
  };
  httpsUrl('PUBLIC_URL', config.publicUrl);
  httpsUrl('FRONT_URL', config.frontUrl);
  // Unset, the front url is the portal itself, which has no community pages: "Browse website", "View my
  // profile" and the survey's rewards return would end on Not found (issue 19 "No dead ends").
  if (!explicit.has('FRONT_URL'))
    add('FRONT_URL', 'must be set to the community website (the portal has no profile or rewards pages)');
  httpsUrl('MEDIA_URL', config.mediaUrl);
  config.corsOrigins.forEach((origin) => httpsUrl('CORS_ORIGINS', origin));
  config.webauthn.origins.forEach((origin) => httpsUrl('WEBAUTHN_ORIGINS', origin));

  if (config.seedDemo) add('SEED_DEMO', 'the demo players and the sandbox partner site are refused');

  config.apiKeys.forEach((key) => {
    if (isPublishedSecret(key)) add('API_KEYS', `"${key}" is a published development key`);
  });
  if (!explicit.has('API_KEYS')) add('API_KEYS', 'must be set (the default is a published development key)');
  if (isPublishedSecret(config.anonymousBearer))
    add('ANONYMOUS_BEARER', 'must be set to a value of your own (the default is published)');

  if (!explicit.has('OIDC_COOKIE_KEYS'))
    add(
      'OIDC_COOKIE_KEYS',
      "must be set (the default signs the OpenID Provider's cookies with a published key)",
    );
  else
    config.oidcCookieKeys.forEach((key) => {
      if (isPublishedSecret(key)) add('OIDC_COOKIE_KEYS', `"${key}" is a published development key`);
      else if (key.length < 32) add('OIDC_COOKIE_KEYS', 'each key must be at least 32 characters long');
    });

  const secret = (variable: string, value: string) => {
    if (value && isPublishedSecret(value)) add(variable, 'is a published development secret');
  };
  secret('CAPTCHA_SECRET_KEY', config.captcha.secretKey);
  secret('CAPTCHA_SITE_KEY', config.captchaSiteKey);
  secret('STEAM_API_KEY', config.linking.steam.apiKey);
  secret('TWITCH_CLIENT_SECRET', config.linking.twitch.clientSecret);
  secret('EPIC_GAMES_CLIENT_SECRET', config.linking.epicGames.clientSecret);
  secret('CREATIVE_ASSEMBLY_CLIENT_SECRET', config.partners['creative-assembly'].clientSecret);
  secret('FOCUS_CLIENT_SECRET', config.partners.focus.clientSecret);

  // Providers: only those configured (a client id or key given) are called.
  const { steam, twitch, epicGames } = config.linking;
  if (steam.apiKey) {
    httpsUrl('STEAM_OPENID_URL', steam.openidUrl);
    httpsUrl('STEAM_API_URL', steam.apiUrl);
  }
  if (twitch.clientId) httpsUrl('TWITCH_ISSUER', twitch.issuer);
  if (epicGames.clientId) httpsUrl('EPIC_GAMES_ISSUER', epicGames.issuer);
  if (config.partners['creative-assembly'].clientId)
    httpsUrl('CREATIVE_ASSEMBLY_ISSUER', config.partners['creative-assembly'].issuer);
  if (config.partners.focus.clientId) httpsUrl('FOCUS_ISSUER', config.partners.focus.issuer);
  if (config.captcha.secretKey) {
    httpsUrl('CAPTCHA_SCRIPT_URL', config.captcha.scriptUrl);
    httpsUrl('CAPTCHA_VERIFY_URL', config.captcha.verifyUrl);
  }
  httpsUrl('EMAIL_CHECK_URL', config.emailCheckUrl);
  httpsUrl('PARTNER_SSO_RESEND_URL', config.partnerSsoResendUrls.prod);
  httpsUrl('PARTNER_SSO_RESEND_TEST_URL', config.partnerSsoResendUrls.test);

  if (!explicit.has('SMTP_URL') || config.smtpUrl === SANDBOX_SMTP_URL)
    add('SMTP_URL', "must name your mail relay (the default is the sandbox's SMTP server)");

  if (config.keyEncryptionKeys.length === 0)
    add('KEY_ENCRYPTION_KEYS', 'must be set: the signing keys are encrypted at rest with it');
  else if (config.keyEncryptionKeys.some((key) => key.id === DEVELOPMENT_KEK_ID))
    add('KEY_ENCRYPTION_KEYS', `the key id "${DEVELOPMENT_KEK_ID}" is reserved for development`);
  return problems;
}

/** Do `a` and `b` (absolute URLs) share an origin? False when either does not parse. */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
