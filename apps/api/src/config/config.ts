/**
 * Typed configuration from environment variables (DESIGN.md §8; documented in docs/configuration.md).
 * `loadConfig(env)` validates everything at start and throws a {@link ConfigError} listing every bad
 * variable, so a misconfigured node refuses to start with a clear message.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_FLAGS,
  EnvironmentSchema,
  FEATURE_FLAGS,
  LIMITS,
  type FeatureFlag,
  type FeatureFlags,
  type PartnerKey,
} from '@guildgate/contracts';
import type { LoginThrottleSettings } from '../modules/session/login-throttle.ts';
import type { KeyEncryptionKey } from '../lib/envelope-encryption.ts';
import { productionProblems } from './production.ts';
import type { OutboxSettings } from '../modules/outbound-mail/outbox-worker.ts';

/** Thrown by {@link loadConfig} when a variable is missing or malformed. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const url = z.url();

/** The named ranges Fastify's `trustProxy` (proxy-addr) knows besides addresses and CIDR ranges. */
const NAMED_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** Is `entry` an IPv4/IPv6 address, a CIDR range of one, or a named range of {@link NAMED_PROXY_RANGES}? */
function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.includes(entry)) return true;
  const [address = '', ...rest] = entry.split('/');
  const prefix = rest.shift();
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (DESIGN.md §5, docs/configuration.md): off (`0`, `false`…), a hop count (`1` = one load
 * balancer in front), or a comma-separated list of the proxies' addresses, CIDR ranges or named ranges.
 * "Trust every proxy" (`true`) is refused: the client would pick its own address (the left-most
 * `X-Forwarded-For` value) and walk around IP bans and per-IP limits.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  if (/^\d+$/.test(text) && Number(text) <= 100) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'give a hop count (1 = one load balancer in front) or the proxies\' addresses or CIDR ranges, comma-separated; "true" (trust every proxy) is refused',
  });
  return z.NEVER;
});
/**
 * KEY_ENCRYPTION_KEYS (docs/operations.md "Keys"): comma-separated `id:key` pairs, each key 32 random
 * bytes in base64url; the first encrypts, every one decrypts (rotation: put the new key first, keep the
 * old until `npm run keys -- rewrap` has re-encrypted everything).
 */
const keyEncryptionKeys = z.string().transform((value, context): KeyEncryptionKey[] => {
  const keys: KeyEncryptionKey[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [id = '', encoded = '', ...rest] = entry.split(':');
    const key = Buffer.from(encoded, 'base64url');
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(id) || rest.length > 0 || key.length !== 32) {
      context.addIssue({
        code: 'custom',
        message:
          'give id:key pairs, the key 32 random bytes in base64url (openssl rand -base64 32 | tr "+/" "-_" | tr -d =)',
      });
      return z.NEVER;
    }
    if (keys.some((known) => known.id === id)) {
      context.addIssue({ code: 'custom', message: `the key id "${id}" is given twice` });
      return z.NEVER;
    }
    keys.push({ id, key });
  }
  return keys;
});
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Flag variables: FEATURE_CUSTOM_COOKIE_MANAGEMENT, FEATURE_REGISTER_WITH_ACCESS_KEYS, ... */
export function flagVariable(flag: FeatureFlag): string {
  return `FEATURE_${flag.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  // Unset: http://localhost:<PORT> (see readConfig), so that PORT alone moves the whole node.
  PUBLIC_URL: url.optional(),
  DATABASE_URL: z.string().default(`sqlite:${path.join(repoRoot, 'data', 'guildgate.sqlite')}`),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z.string().default('guildgate:'),
  PORTAL_ENVIRONMENT: EnvironmentSchema.default('local'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Guildgate <no-reply@guildgate.test>'),
  FRONT_URL: url.optional(),
  MEDIA_URL: url.optional(),
  // The first key is the one the SPA is given (runtime configuration), so the list may not be empty.
  API_KEYS: list
    .pipe(z.array(z.string()).min(1, 'must name at least one key'))
    .default(['guildgate-local-web-key']),
  ANONYMOUS_BEARER: z.string().min(8).default('guildgate-anonymous-bearer'),
  PORTAL_CLIENT_ID: z.string().min(1).default('guildgate-portal'),
  TOKEN_SIGNING_KEY: z.string().optional(),
  // The OpenID Provider's cookie keys (modules/oidc): the first signs, all verify. Refused in production.
  OIDC_COOKIE_KEYS: list.default(['guildgate-local-oidc-cookie-key']),
  OIDC_KEY_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  RUNTIME_CONFIG_KEY: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  CAPTCHA_SITE_KEY: z.string().default(''),
  CAPTCHA_SECRET_KEY: z.string().default(''),
  CAPTCHA_SCRIPT_URL: url.default('https://www.google.com/recaptcha/api.js'),
  CAPTCHA_VERIFY_URL: url.default('https://www.google.com/recaptcha/api/siteverify'),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  PARTNER_SSO_RESEND_URL: url.optional(),
  PARTNER_SSO_RESEND_TEST_URL: url.optional(),
  PARTNER_NAME: z.string().default(''),
  REGISTER_STUDIO_NAME: z.string().default(''),
  EMAIL_UNAUTHORIZED_DOMAINS: list.default([]),
  EMAIL_CHECK_URL: url.optional(),
  SEED_DEMO: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  IS_PROD: bool.default(false),
  SANDBOX_URL: url.default('http://localhost:8090'),
  REDIRECT_PATTERNS: list.default([]),
  CORS_ORIGINS: list.default([]),
  // Passkeys (issue 22 §3; WebAuthn §5.1.4 relying party): the RP ID and the page origins assertions may
  // come from. Defaults: PUBLIC_URL's host and origin (the portal's pages).
  WEBAUTHN_RP_ID: z.string().trim().min(1).max(253).optional(),
  WEBAUTHN_ORIGINS: list.default([]),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  STEAM_OPENID_URL: url.default('https://steamcommunity.com/openid'),
  STEAM_API_URL: url.default('https://api.steampowered.com'),
  STEAM_API_KEY: z.string().default(''),
  TWITCH_ISSUER: url.default('https://id.twitch.tv/oauth2'),
  TWITCH_CLIENT_ID: z.string().default(''),
  TWITCH_CLIENT_SECRET: z.string().default(''),
  EPIC_GAMES_ISSUER: url.default('https://api.epicgames.dev/epic/oauth/v2'),
  EPIC_GAMES_CLIENT_ID: z.string().default(''),
  EPIC_GAMES_CLIENT_SECRET: z.string().default(''),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  LOGIN_IP_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(100),
  LOGIN_ACCOUNT_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(730).default(365),
  SECURE_ACCOUNT_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  REGISTER_MINIMUM_TIME_ON_PAGE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(LIMITS.registerMinimumTimeOnPageMs),
  REAUTHENTICATION_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(300),
  STAFF_SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(604_800).default(43_200),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  TOKEN_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  TOKEN_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  OAUTH_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(600).default(300),
  OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  OUTBOX_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  OUTBOX_SENT_RETENTION_HOURS: z.coerce.number().min(0).max(8760).default(24),
  CREATIVE_ASSEMBLY_ISSUER: url.optional(),
  CREATIVE_ASSEMBLY_CLIENT_ID: z.string().default(''),
  CREATIVE_ASSEMBLY_CLIENT_SECRET: z.string().default(''),
  FOCUS_ISSUER: url.optional(),
  FOCUS_CLIENT_ID: z.string().default(''),
  FOCUS_CLIENT_SECRET: z.string().default(''),
  DEVELOPMENT_MODE: bool.default(false),
  KEY_ENCRYPTION_KEYS: keyEncryptionKeys.default([]),
  MANAGEMENT_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MANAGEMENT_HOST: z.string().default('127.0.0.1'),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Dependency failures and load shedding (issue 18; docs/configuration.md "Dependencies and load").
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  PRESSURE_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  PRESSURE_MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  ...Object.fromEntries(FEATURE_FLAGS.map((flag) => [flagVariable(flag), bool.optional()])),
});

/** The validated configuration of one API node. Durations in ms unless the name says otherwise. */
export interface AppConfig {
  port: number;
  host: string;
  /**
   * Public address of the portal (links in e-mails are built from it, never from the Host header);
   * `PUBLIC_URL`, else `http://localhost:<PORT>`.
   */
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key (several deployments or test runs may share one Redis). */
  redisKeyPrefix: string;
  environment: z.infer<typeof EnvironmentSchema>;
  /** The configuration's is-prod field (spec §1): which partner SSO resend service the SPA calls. */
  isProd: boolean;
  /**
   * Production mode (config/production.ts, docs/operations.md): the node was started by the production
   * entry, or IS_PROD is set or the environment is prod/preprod — without DEVELOPMENT_MODE. Unsafe
   * settings are refused at start; metrics and API docs leave the public port; no source maps.
   */
  productionMode: boolean;
  /**
   * The key-encryption keys of the secrets at rest (lib/envelope-encryption.ts): the first encrypts,
   * all decrypt. Empty outside production: a fixed development key is used.
   */
  keyEncryptionKeys: KeyEncryptionKey[];
  /**
   * The management listener (`/metrics`, `/docs`, `/health`, `/ready`; docs/operations.md): its port
   * (null: none — then metrics and docs are served under /api outside production only) and interface.
   */
  management: { port: number | null; host: string };
  /** How long a grace period a stopping node gives the requests and mail it started, ms. */
  shutdownGraceMs: number;
  smtpUrl: string;
  mailFrom: string;
  frontUrl: string;
  mediaUrl: string;
  /** Accepted `x-api-key` values; the first is the one given to the SPA. */
  apiKeys: string[];
  anonymousBearer: string;
  portalClientId: string;
  tokenSigningKey: string | undefined;
  /**
   * Keys of the OpenID Provider's signed cookies (modules/oidc; oidc-provider `cookies.keys`, Keygrip):
   * the first signs, all verify, so a new key is put first and the old one kept until its cookies end.
   */
  oidcCookieKeys: string[];
  /**
   * How often a node reads the OpenID Provider's signing keys again, seconds (a rotation made by
   * `npm run signing-keys -- rotate` is published by every node within this time).
   */
  oidcKeyCheckSeconds: number;
  runtimeConfigKey: string | undefined;
  webDistDir: string;
  captchaSiteKey: string;
  /**
   * The captcha's server side (spec §4, §7 recaptcha/verify): the secret sent to `captchaVerifyUrl`
   * (reCAPTCHA's siteverify protocol), the script the SPA loads, and the lowest score taken as human
   * (0–1). The sandbox stands in for Google in development and tests.
   */
  captcha: { secretKey: string; scriptUrl: string; verifyUrl: string; minScore: number };
  /**
   * The partner single-sign-on service that resends a partner account's validation e-mail (spec §2
   * Unverified-account page, §7): the SPA calls `prod` when `isProd`, else `test`; '' = not configured.
   */
  partnerSsoResendUrls: { prod: string; test: string };
  partnerName: string;
  registerStudioName: string;
  emailUnauthorizedDomains: string[];
  /**
   * The e-mail reputation service (spec §5 "mailbox must exist, not high-risk domain"): GET
   * `{url}?address=…` → `{mailboxExists, highRisk}`; null: no such check.
   */
  emailCheckUrl: string | null;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Which proxies' `X-Forwarded-For` is believed (Fastify's `trustProxy`): false (none), a hop count,
   * or the proxies' addresses / CIDR ranges / named ranges.
   */
  trustProxy: false | number | string[];
  features: FeatureFlags;
  /** Public address of the sandbox (demo data only: its partner site is allow-listed). */
  sandboxUrl: string;
  /** Origins (scheme://host[:port]) allowed to call /api from a browser when the SPA is served elsewhere. */
  corsOrigins: string[];
  /** Extra redirect allow-list patterns written at start. */
  redirectPatterns: string[];
  /** Calls per IP and minute on the sensitive routes (identify, log-in, register, resend). */
  rateLimitPerMinute: number;
  /**
   * The providers a player links (spec §4 Linking a provider; docs/configuration.md "Linking"): Steam's
   * OpenID 2.0 provider identifier (its endpoint is `<openidUrl>/login`, its claimed ids
   * `<openidUrl>/id/<SteamID64>`) and Web API; Twitch's and Epic Games' OpenID Connect issuers (endpoints
   * by discovery) and our client credentials there. An empty key or client id: that provider answers
   * its "not reachable" error. `timeoutMs` bounds each call to a provider; `stateTtlMs` a pending link.
   */
  linking: {
    steam: { openidUrl: string; apiUrl: string; apiKey: string };
    twitch: OidcLinkProvider;
    epicGames: OidcLinkProvider;
    timeoutMs: number;
    stateTtlMs: number;
  };
  /**
   * The partner studios' OpenID Connect providers (spec §1 single sign-on, §7 partner calls;
   * docs/configuration.md "Partner sign-on"), by partner key. An empty issuer or client id: that
   * partner's calls answer 503 ERROR_PARTNER_NOT_REACHABLE.
   */
  partners: Record<PartnerKey, OidcLinkProvider>;
  /** How long a client has to send a whole request, ms (then 408 and the connection is closed). */
  requestTimeoutMs: number;
  /** How long a client has to send a request's headers, ms (at most `requestTimeoutMs`). */
  headersTimeoutMs: number;
  /** Lifetime of the hub's authorization codes, seconds (spec §7 GET oauth; at most 600). */
  oauthCodeTtlSeconds: number;
  /**
   * Code exchanges (POST oauth/token) one authenticated partner client may make per minute, all its
   * servers together; failed client authentications count per IP against `rateLimitPerMinute` instead.
   */
  oauthTokenRateLimitPerMinute: number;
  /**
   * The youngest register form token accepted, ms (spec §4, §9 too-fast rule: 15 000 by default;
   * modules/register/form-token.ts). The API test harness sets 0, and the rule's own suite its numbers.
   */
  registerMinimumTimeOnPageMs: number;
  /**
   * How recent a proof of the password must be for a sensitive change (password, e-mail, later second
   * factors), seconds (DESIGN.md §5; modules/session/reauthentication.ts).
   */
  reauthenticationMaxAgeSeconds: number;
  /**
   * How long a session's last full authentication (password and second factor, or a passkey) lets a
   * staff member use the operator console, seconds (issue 24; STAFF_SESSION_MAX_AGE_SECONDS, default
   * 43 200 = 12 h; modules/staff/guard.ts).
   */
  staffSessionMaxAgeSeconds: number;
  /**
   * Passkeys' relying party (WebAuthn §5.1.4; modules/second-factors/webauthn.ts): its RP ID (a domain:
   * WEBAUTHN_RP_ID, default PUBLIC_URL's host) and the origins of the portal pages that may create and
   * use passkeys (WEBAUTHN_ORIGINS, default PUBLIC_URL's origin), each on the RP ID or a subdomain of it.
   */
  webauthn: { rpId: string; origins: string[] };
  /** The log-in throttle's numbers (modules/session/login-throttle.ts; docs/configuration.md). */
  loginThrottle: LoginThrottleSettings;
  /**
   * Seconds after a refresh token's use in which presenting it again (a second tab refreshing at the
   * same time) gets the same successor instead of revoking the session; 0 = none (DESIGN.md §5).
   */
  refreshReuseGraceSeconds: number;
  /**
   * The node's verified-token cache (modules/session/verified-tokens.ts, issue 23): how many tokens it
   * remembers (0: off) and the longest it keeps one, seconds.
   */
  tokenCache: { maxEntries: number; maxAgeSeconds: number };
  /** Access-token lifetime, seconds (DESIGN.md §5: 15 min). */
  accessTokenTtlSeconds: number;
  /** Identity-handle lifetime, days (spec §9: 30). */
  sessionTtlDays: number;
  /** Days without use after which an identity handle ends before its lifetime (docs/security.md). */
  sessionIdleDays: number;
  /** E-mail link lifetime, hours. */
  emailLinkTtlHours: number;
  /**
   * Lifetime of the "This wasn't me" link of the security alert e-mails, days (issue 22 §6;
   * SECURE_ACCOUNT_LINK_TTL_DAYS, default 7).
   */
  secureAccountLinkTtlDays: number;
  /**
   * How long the node waits on its dependencies before answering 503 (issue 18; docs/configuration.md
   * "Dependencies and load"), ms: a PostgreSQL connection, a PostgreSQL statement (server-side
   * `statement_timeout`; the client gives up a second later), a transaction left idle (PostgreSQL's
   * `idle_in_transaction_session_timeout`), and Redis (connect, command, and a silent socket, after
   * which the limits use their in-memory twins).
   */
  timeouts: {
    databaseConnectMs: number;
    databaseStatementMs: number;
    databaseIdleInTransactionMs: number;
    redisMs: number;
  };
  /**
   * When the node sheds load with 503 + Retry-After (`@fastify/under-pressure`; /api/health excepted);
   * 0 = that measure is off. Event-loop delay in ms, event-loop utilisation 0–1, heap and RSS in bytes.
   */
  pressure: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
  };
  /** The outbox worker's numbers (modules/outbound-mail/outbox-worker.ts; docs/configuration.md "Outgoing mail"). */
  outbox: OutboxSettings;
}

/** An OpenID Connect provider a player links (Twitch, Epic Games). */
export interface OidcLinkProvider {
  /** Issuer URL; the provider's endpoints come from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** How the node was started: `production` is the production entry (`npm run start:prod`). */
export interface LoadConfigOptions {
  entry?: 'default' | 'production';
}

/** The generic environments whose deployments are production (spec §1 prod, preprod). */
const PRODUCTION_ENVIRONMENTS = new Set(['prod', 'preprod']);

/** The partner studios with their own sign-on (spec §9: CREATIVE-ASSEMBLY, FOCUS). */
export type { PartnerKey } from '@guildgate/contracts';

const trimSlash = (value: string): string => value.replace(/\/+$/, '');

/**
 * Reads and validates the configuration; in production mode also refuses unsafe settings
 * (config/production.ts).
 * @param env the variables (defaults to `process.env`)
 * @param overrides values that win over the environment (tests use this)
 * @param options `entry: 'production'` forces production mode (and refuses DEVELOPMENT_MODE)
 * @throws ConfigError listing every invalid variable, or every unsafe setting in production mode
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
  options: LoadConfigOptions = {},
): AppConfig {
  const config = readConfig(env, overrides, options);
  if (!config.productionMode) return config;
  const explicit = new Map(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const problems = productionProblems({
    config,
    explicit,
    developmentMode: options.entry === 'production' && explicit.has('DEVELOPMENT_MODE'),
  });
  if (problems.length > 0)
    throw new ConfigError(
      `Refusing to start in production mode (docs/operations.md "Production"):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  return config;
}

/**
 * The passkeys' relying party (WebAuthn §5.1.4, §13.4.9): the RP ID and the allowed origins, each of
 * whose hosts must be the RP ID or a subdomain of it (a browser refuses any other pair).
 * @param portalUrl the portal's public URL (the default RP ID's host and origin)
 * @throws ConfigError naming WEBAUTHN_ORIGINS for an origin outside the RP ID
 */
function webauthnRelyingParty(
  portalUrl: string,
  rpIdSetting: string | undefined,
  originsSetting: string[],
): { rpId: string; origins: string[] } {
  const front = new URL(portalUrl);
  const rpId = (rpIdSetting ?? front.hostname).toLowerCase();
  const origins = originsSetting.length ? originsSetting.map((o) => new URL(o).origin) : [front.origin];
  const outside = origins.filter((o) => {
    const host = new URL(o).hostname;
    return host !== rpId && !host.endsWith(`.${rpId}`);
  });
  if (outside.length)
    throw new ConfigError(
      `Invalid configuration:\n  WEBAUTHN_ORIGINS: ${outside.join(', ')} not on the RP ID ${rpId} (WEBAUTHN_RP_ID)`,
    );
  return { rpId, origins };
}

/** {@link loadConfig} without the production checks. */
function readConfig(
  env: Record<string, string | undefined>,
  overrides: Partial<AppConfig>,
  options: LoadConfigOptions,
): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data as z.infer<typeof EnvSchema> & Record<string, boolean | undefined>;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const features = { ...DEFAULT_FLAGS };
  for (const flag of FEATURE_FLAGS) {
    const value = e[flagVariable(flag)];
    if (typeof value === 'boolean') features[flag] = value;
  }
  if (features.enableCaptcha && !e.CAPTCHA_SITE_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  ${flagVariable('enableCaptcha')}: the captcha needs CAPTCHA_SITE_KEY`,
    );
  if (features.enableCaptcha && !e.CAPTCHA_SECRET_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  ${flagVariable('enableCaptcha')}: the captcha needs CAPTCHA_SECRET_KEY`,
    );
  if (e.OUTBOX_RETRY_BASE_MS > e.OUTBOX_RETRY_MAX_MS)
    throw new ConfigError(
      'Invalid configuration:\n  OUTBOX_RETRY_BASE_MS: must not be longer than OUTBOX_RETRY_MAX_MS',
    );
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS)
    throw new ConfigError(
      'Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS',
    );
  const sandboxUrl = e.SANDBOX_URL.replace(/\/+$/, '');
  const webauthn = webauthnRelyingParty(publicUrl, e.WEBAUTHN_RP_ID, e.WEBAUTHN_ORIGINS);
  const productionMode =
    options.entry === 'production' ||
    ((e.IS_PROD || PRODUCTION_ENVIRONMENTS.has(e.PORTAL_ENVIRONMENT)) && !e.DEVELOPMENT_MODE);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    environment: e.PORTAL_ENVIRONMENT,
    isProd: e.IS_PROD,
    productionMode,
    keyEncryptionKeys: e.KEY_ENCRYPTION_KEYS,
    management: { port: e.MANAGEMENT_PORT ?? null, host: e.MANAGEMENT_HOST },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    frontUrl: e.FRONT_URL ?? publicUrl,
    mediaUrl: e.MEDIA_URL ?? publicUrl,
    apiKeys: e.API_KEYS,
    anonymousBearer: e.ANONYMOUS_BEARER,
    portalClientId: e.PORTAL_CLIENT_ID,
    tokenSigningKey: e.TOKEN_SIGNING_KEY,
    oidcCookieKeys: e.OIDC_COOKIE_KEYS,
    oidcKeyCheckSeconds: e.OIDC_KEY_CHECK_SECONDS,
    runtimeConfigKey: e.RUNTIME_CONFIG_KEY,
    webDistDir: e.WEB_DIST_DIR,
    captchaSiteKey: e.CAPTCHA_SITE_KEY,
    captcha: {
      secretKey: e.CAPTCHA_SECRET_KEY,
      scriptUrl: e.CAPTCHA_SCRIPT_URL,
      verifyUrl: e.CAPTCHA_VERIFY_URL,
      minScore: e.CAPTCHA_MIN_SCORE,
    },
    partnerSsoResendUrls: {
      prod: e.PARTNER_SSO_RESEND_URL ?? '',
      // The sandbox stands in for the partner's test service outside production mode only.
      test:
        e.PARTNER_SSO_RESEND_TEST_URL ??
        (productionMode ? '' : `${sandboxUrl}/partner-sso/resend-validation`),
    },
    partnerName: e.PARTNER_NAME,
    registerStudioName: e.REGISTER_STUDIO_NAME,
    emailUnauthorizedDomains: e.EMAIL_UNAUTHORIZED_DOMAINS.map((d) => d.toLowerCase()),
    emailCheckUrl: e.EMAIL_CHECK_URL ?? null,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    features,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    linking: {
      steam: {
        openidUrl: trimSlash(e.STEAM_OPENID_URL),
        apiUrl: trimSlash(e.STEAM_API_URL),
        apiKey: e.STEAM_API_KEY,
      },
      twitch: {
        issuer: e.TWITCH_ISSUER,
        clientId: e.TWITCH_CLIENT_ID,
        clientSecret: e.TWITCH_CLIENT_SECRET,
      },
      epicGames: {
        issuer: e.EPIC_GAMES_ISSUER,
        clientId: e.EPIC_GAMES_CLIENT_ID,
        clientSecret: e.EPIC_GAMES_CLIENT_SECRET,
      },
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      stateTtlMs: 10 * 60_000,
    },
    partners: {
      'creative-assembly': {
        issuer: e.CREATIVE_ASSEMBLY_ISSUER ?? '',
        clientId: e.CREATIVE_ASSEMBLY_CLIENT_ID,
        clientSecret: e.CREATIVE_ASSEMBLY_CLIENT_SECRET,
      },
      focus: {
        issuer: e.FOCUS_ISSUER ?? '',
        clientId: e.FOCUS_CLIENT_ID,
        clientSecret: e.FOCUS_CLIENT_SECRET,
      },
    },
    sandboxUrl,
    redirectPatterns: e.REDIRECT_PATTERNS,
    corsOrigins: e.CORS_ORIGINS.map((o) => o.replace(/\/+$/, '')),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    oauthCodeTtlSeconds: e.OAUTH_CODE_TTL_SECONDS,
    refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
    tokenCache: { maxEntries: e.TOKEN_CACHE_MAX_ENTRIES, maxAgeSeconds: e.TOKEN_CACHE_MAX_AGE_SECONDS },
    registerMinimumTimeOnPageMs: e.REGISTER_MINIMUM_TIME_ON_PAGE_MS,
    reauthenticationMaxAgeSeconds: e.REAUTHENTICATION_MAX_AGE_SECONDS,
    staffSessionMaxAgeSeconds: e.STAFF_SESSION_MAX_AGE_SECONDS,
    webauthn,
    loginThrottle: {
      freeFailures: e.LOGIN_FREE_FAILURES,
      backoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
      ipFailuresPerHour: e.LOGIN_IP_FAILURES_PER_HOUR,
      accountFailures: e.LOGIN_ACCOUNT_FAILURES,
      accountWindowSeconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
      deviceCookieDays: e.DEVICE_COOKIE_DAYS,
    },
    oauthTokenRateLimitPerMinute: e.OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE,
    accessTokenTtlSeconds: 15 * 60,
    sessionTtlDays: 30,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    emailLinkTtlHours: 48,
    secureAccountLinkTtlDays: e.SECURE_ACCOUNT_LINK_TTL_DAYS,
    timeouts: {
      databaseConnectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      databaseStatementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      databaseIdleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      redisMs: e.REDIS_TIMEOUT_MS,
    },
    pressure: {
      maxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.PRESSURE_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.PRESSURE_MAX_HEAP_USED_BYTES,
      maxRssBytes: e.PRESSURE_MAX_RSS_BYTES,
    },
    outbox: {
      pollIntervalMs: e.OUTBOX_POLL_INTERVAL_MS,
      batchSize: e.OUTBOX_BATCH_SIZE,
      leaseMs: e.OUTBOX_LEASE_MS,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: e.OUTBOX_RETRY_MAX_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      sentRetentionHours: e.OUTBOX_SENT_RETENTION_HOURS,
    },
    ...overrides,
  };
}
