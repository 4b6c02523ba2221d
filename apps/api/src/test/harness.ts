/**
 * Test harness for API tests (DESIGN.md §7): builds the real app on a fresh store — a new SQLite
 * file, or a new PostgreSQL schema when `TEST_DATABASE_URL` is set — with a real sandbox SMTP server
 * and mailbox on free ports. No mocks: calls go through the app's full request path (`inject`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MailboxMessagesSchema, type MailboxMessage } from '@guildgate/contracts';
import { loadConfig, type AppConfig } from '../config/config.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { startSandbox } from '@guildgate/sandbox/testing';

/** The stores every API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const STORES: ReadonlyArray<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export const TEST_API_KEY = 'test-web-key';
export const TEST_ANONYMOUS_BEARER = 'test-anonymous-bearer';

/** Headers of an anonymous call. */
export const ANONYMOUS = {
  'x-api-key': TEST_API_KEY,
  authorization: `Bearer ${TEST_ANONYMOUS_BEARER}`,
} as const;

/** Headers of a user call with `accessToken`. */
export function asUser(accessToken: string): Record<string, string> {
  return { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${accessToken}` };
}

/** A running test app. */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: AppConfig;
  /** Base URL of this app's sandbox (no trailing slash). */
  sandboxUrl: string;
  /** Messages the sandbox received for `to`, newest first. */
  mailbox(to: string): Promise<MailboxMessage[]>;
  /** Stops app, sandbox and drops the store. */
  close(): Promise<void>;
}

/** Options of {@link startTestApp}. */
export interface TestAppOptions {
  /** Extra environment variables (e.g. PORTAL_ENVIRONMENT). */
  env?: Record<string, string>;
  overrides?: Partial<AppConfig>;
  /**
   * Turn the captcha on, against the sandbox's reCAPTCHA stand-in with its test keys (spec §4); or
   * `'step-up'`: configure it without the flag, so that only the log-in throttle asks for it.
   */
  captcha?: boolean | 'step-up';
  /** Keep the counters off Redis even when REDIS_URL is set (PostgreSQL or memory then). */
  withoutRedis?: boolean;
}

/** The sandbox's test key pair the captcha-on test apps use (apps/sandbox/src/recaptcha). */
export const TEST_CAPTCHA_KEYS = {
  siteKey: 'guildgate-test-site-key',
  secretKey: 'guildgate-test-secret-key',
} as const;

function captchaEnv(sandboxUrl: string, flag: boolean): Record<string, string> {
  return {
    ...(flag ? { FEATURE_ENABLE_CAPTCHA: '1' } : {}),
    CAPTCHA_SITE_KEY: TEST_CAPTCHA_KEYS.siteKey,
    CAPTCHA_SECRET_KEY: TEST_CAPTCHA_KEYS.secretKey,
    CAPTCHA_SCRIPT_URL: `${sandboxUrl}/recaptcha/api.js`,
    CAPTCHA_VERIFY_URL: `${sandboxUrl}/recaptcha/api/siteverify`,
  };
}

/** The sandbox's test credentials of the linked providers (apps/sandbox/src/{steam,twitch,epic-games}). */
export const TEST_LINKING_CREDENTIALS = {
  steamApiKey: 'guildgate-test-steam-key',
  twitch: { clientId: 'guildgate-test-twitch', clientSecret: 'guildgate-test-twitch-secret' },
  epicGames: { clientId: 'guildgate-test-epic', clientSecret: 'guildgate-test-epic-secret' },
} as const;

/** Points the linked providers (spec §4 Linking a provider) and the partner studios' sign-on at the sandbox. */
function linkingEnv(sandboxUrl: string): Record<string, string> {
  const c = TEST_LINKING_CREDENTIALS;
  return {
    STEAM_OPENID_URL: `${sandboxUrl}/steam/openid`,
    STEAM_API_URL: `${sandboxUrl}/steam/api`,
    STEAM_API_KEY: c.steamApiKey,
    TWITCH_ISSUER: `${sandboxUrl}/twitch`,
    TWITCH_CLIENT_ID: c.twitch.clientId,
    TWITCH_CLIENT_SECRET: c.twitch.clientSecret,
    EPIC_GAMES_ISSUER: `${sandboxUrl}/epic-games`,
    EPIC_GAMES_CLIENT_ID: c.epicGames.clientId,
    EPIC_GAMES_CLIENT_SECRET: c.epicGames.clientSecret,
    // The partner studios' sign-on (apps/sandbox/src/partner-idp), their `test` clients.
    CREATIVE_ASSEMBLY_ISSUER: `${sandboxUrl}/partner-idp/creative-assembly`,
    CREATIVE_ASSEMBLY_CLIENT_ID: 'guildgate-test-creative-assembly',
    CREATIVE_ASSEMBLY_CLIENT_SECRET: 'guildgate-test-creative-assembly-secret',
    FOCUS_ISSUER: `${sandboxUrl}/partner-idp/focus`,
    FOCUS_CLIENT_ID: 'guildgate-test-focus',
    FOCUS_CLIENT_SECRET: 'guildgate-test-focus-secret',
  };
}

/** PostgreSQL advisory lock key that orders test schema drops against test app start-ups. */
const SCHEMA_LOCK_KEY = 4_711_0001;

/**
 * Runs `work` holding the test-schema lock of the PostgreSQL server at `databaseUrl` on a connection
 * of its own (handed to `work`): `shared` while an app starts (many may start at once), `exclusive` while a schema is
 * dropped. Kysely's migrator introspects every schema of the database, and a schema another test drops
 * meanwhile made it fail with 'schema "t_…" does not exist' (seen on CI, reproduced by starting apps
 * while others close). Works across test processes on the same server; the lock ends with the
 * connection.
 */
export async function withSchemaLock<T>(
  databaseUrl: string,
  mode: 'shared' | 'exclusive',
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lock = mode === 'shared' ? 'pg_advisory_lock_shared' : 'pg_advisory_lock';
    await client.query(`select ${lock}($1)`, [SCHEMA_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A free TCP port on 127.0.0.1 (test/node-process.ts). */
export { freePort } from './node-process.ts';

/** Starts the app on a fresh `kind` store. */
export async function startTestApp(
  kind: 'sqlite' | 'postgres',
  options: TestAppOptions = {},
): Promise<TestApp> {
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, logger: false });
  const suffix = randomBytes(6).toString('hex');
  let databaseUrl: string;
  let schema: string | undefined;
  let dir: string | undefined;
  if (kind === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    schema = `t_${suffix}`;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guildgate-test-'));
    databaseUrl = `sqlite:${path.join(dir, 'store.sqlite')}`;
  }
  const config = loadConfig(
    {
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}`,
      EMAIL_CHECK_URL: `${sandbox.httpUrl}/email-check`,
      API_KEYS: TEST_API_KEY,
      ANONYMOUS_BEARER: TEST_ANONYMOUS_BEARER,
      PUBLIC_URL: 'http://portal.test',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The fuzz suites send thousands of log-ins from one address: the log-in throttle's address and
      // account limits are out of their way (login-throttle.test.ts sets its own numbers).
      LOGIN_IP_FAILURES_PER_HOUR: '1000000',
      // Forms carry a real form token (formToken), which need not wait the spec's 15 s here;
      // form-token.test.ts and register.test.ts run the rule with its numbers.
      REGISTER_MINIMUM_TIME_ON_PAGE_MS: '0',
      LOGIN_ACCOUNT_FAILURES: '1000000',
      OAUTH_TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'silent',
      // Security alerts (issue 22 §6) add a mail to log-ins from new devices and to password changes:
      // the suites that count a player's mails were written before them and test their own flows with
      // the alerts off; security-alerts.test.ts turns them on (and tests them off).
      FEATURE_SECURITY_ALERTS: 'false',
      // Suites share a worker's event loop, and some hold it on purpose: no load shedding unless a
      // suite asks for it (load-shedding.test.ts does).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // CI sets REDIS_URL: the counters and rate limits then run on the real Redis, isolated per app.
      ...(process.env.REDIS_URL && !options.withoutRedis
        ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `test:${suffix}:` }
        : {}),
      ...linkingEnv(sandbox.httpUrl),
      ...(options.captcha ? captchaEnv(sandbox.httpUrl, options.captcha === true) : {}),
      ...options.env,
    },
    options.overrides,
  );
  const start = async () => {
    const built = await buildApp({ config, schema, logger: false });
    await built.app.ready();
    return built;
  };
  const { app, ctx } = schema ? await withSchemaLock(databaseUrl, 'shared', start) : await start();
  return {
    app,
    ctx,
    config,
    sandboxUrl: sandbox.httpUrl,
    async mailbox(to) {
      const res = await fetch(`${sandbox.httpUrl}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
      return MailboxMessagesSchema.parse(await res.json());
    },
    async close() {
      await app.close();
      await sandbox.close();
      if (schema) {
        await withSchemaLock(databaseUrl, 'exclusive', (client) =>
          client.query(`drop schema if exists ${schema} cascade`),
        );
      }
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A register form token, asked of GET register/form-token the way the register page does as it loads.
 * @throws Error when the call fails
 */
export async function formToken(t: Pick<TestApp, 'app'>): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/register/form-token', headers: ANONYMOUS });
  if (res.statusCode !== 200) throw new Error(`form token refused: ${res.statusCode} ${res.body}`);
  return (JSON.parse(res.body) as { FormToken: string }).FormToken;
}

/**
 * `count` register form tokens asked of the app up front, handed out in turn by the function returned
 * (for tables whose forms are built synchronously; a token is spent only by a registration that succeeds).
 */
export async function formTokenPool(t: Pick<TestApp, 'app'>, count = 50): Promise<() => string> {
  const tokens = await Promise.all(Array.from({ length: count }, () => formToken(t)));
  let next = 0;
  return () => tokens[next++ % tokens.length];
}

/** The JSON body of `res`, as the shape `T` the test expects (its assertions check it). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the tests' one way (~90 calls) to name the body they expect
export function json<T = unknown>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** Polls the mailbox until a message for `to` arrives (SMTP delivery is asynchronous); ms timeout. */
export async function waitForMail(t: TestApp, to: string, timeoutMs = 10_000): Promise<MailboxMessage> {
  const started = Date.now();
  for (;;) {
    const message = (await t.mailbox(to)).at(0);
    if (message) return message;
    if (Date.now() - started > timeoutMs) throw new Error(`no e-mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Polls the mailbox until `to` has more than `before` messages (a mail queued after counting them has
 * arrived); returns the newest. ms timeout.
 */
export async function waitForNewMail(
  t: TestApp,
  to: string,
  before: number,
  timeoutMs = 10_000,
): Promise<MailboxMessage> {
  const started = Date.now();
  for (;;) {
    const messages = await t.mailbox(to);
    if (messages.length > before) return messages[0];
    if (Date.now() - started > timeoutMs) throw new Error(`no new e-mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first link in `text` whose address starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>\\])]+`).exec(text);
  if (!match) throw new Error(`no link starting with ${prefix}`);
  return match[0];
}

/** A valid register form for `name` (local environment rules), with overrides. */
export function registerForm(name: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const email = `${name.toLowerCase()}@players.test`;
  return {
    Username: name,
    Firstname: 'Ada',
    Password: 'Secret1234pass',
    ConfirmPassword: 'Secret1234pass',
    Email: email,
    ConfirmEmail: email,
    ApprovePrivacyPolicy: true,
    ApproveEULA: true,
    TimeOnPageMs: 20_000,
    ...overrides,
  };
}

/**
 * Registers `name`, follows the e-mailed link and logs in.
 * @returns the identity handle, the token answer and the e-mail address
 */
export async function registeredPlayer(
  t: TestApp,
  name: string,
): Promise<{ identity: string; accessToken: string; refresh: string; idUser: string; email: string }> {
  const form = registerForm(name);
  // The address may have had mail before: wait for this registration's own (the outbox sends it after
  // the answer).
  const before = (await t.mailbox(form.Email as string)).length;
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/register/new-user',
    headers: ANONYMOUS,
    payload: { ...form, FormToken: await formToken(t) },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const mail = await waitForNewMail(t, form.Email as string, before);
  const uid = new URL(linkIn(mail.text, `${t.config.publicUrl}/confirm-email?uid=`)).searchParams.get('uid')!;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/email/confirm',
    headers: ANONYMOUS,
    payload: { Uid: uid },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm failed: ${confirm.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/log/log-in',
    headers: ANONYMOUS,
    payload: { UsernameOrEmail: name, Password: form.Password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const identity = json<{ Created: string }>(login).Created;
  const token = await t.app.inject({ method: 'GET', url: `/api/token/${identity}`, headers: ANONYMOUS });
  const body = json<{ Value: string; Refresh: string; Id_User: string }>(token);
  return {
    identity,
    accessToken: body.Value,
    refresh: body.Refresh,
    idUser: body.Id_User,
    email: form.Email as string,
  };
}
