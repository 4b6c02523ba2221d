/**
 * End-to-end helpers for a logged-in player without the UI: reads the node's runtime configuration and
 * logs the demo player in through POST /api/log/log-in (spec §6 headers: x-api-key and the anonymous
 * bearer), then sets the `_g2g_identity_` cookie (spec §4 Session) on the browser context; and logs a
 * player out through the UI ({@link logOut}).
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { decryptConfigurationValue } from '@guildgate/api/testing';
import { waitForMail } from './mailbox.ts';
import { agedFormToken } from './form-tokens.ts';
import { E2E_RUNTIME_CONFIG_KEY } from './ports.ts';

/** The demo player seeded on every e2e node. */
export const DEMO_PLAYER = { username: 'DemoPlayer', password: 'DemoPass2024' } as const;

/** The part of the runtime configuration the tests read (spec §1). */
export interface NodeConfiguration {
  environmentName: string;
  accountApiKey: string;
  apiKey: string;
  accountApiUrl: string;
  captchaSiteKey: string;
  captchaScriptUrl: string;
  features: Record<string, boolean>;
}

/**
 * A reCAPTCHA token of `action` for an API call made without the page (spec §4 captcha), asked of the
 * sandbox stand-in that serves the node's captcha script, as that script does in a browser; undefined
 * when the node's captcha is off. Tokens are single-use: one per call.
 */
export async function captchaToken(
  request: APIRequestContext,
  config: NodeConfiguration,
  action: 'login' | 'register',
): Promise<string | undefined> {
  if (!config.features.enableCaptcha) return undefined;
  const origin = new URL(config.captchaScriptUrl).origin;
  const query = new URLSearchParams({ k: config.captchaSiteKey, action });
  const response = await request.get(`${origin}/recaptcha/api/token?${query.toString()}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** GET /runtime-configuration/current/environment.json of the node at `baseURL`, decrypted if need be. */
export async function nodeConfiguration(
  request: APIRequestContext,
  baseURL: string,
): Promise<NodeConfiguration> {
  const response = await request.get(`${baseURL}/runtime-configuration/current/environment.json`);
  expect(response.ok()).toBe(true);
  const json = (await response.json()) as NodeConfiguration | { Value: string };
  // The encrypted deployment (ports.ts `encryptedConfiguration`) serves { Value } under the test key.
  if ('Value' in json)
    return JSON.parse(decryptConfigurationValue(json.Value, E2E_RUNTIME_CONFIG_KEY)) as NodeConfiguration;
  return json;
}

/** Headers of an anonymous call (spec §6: x-api-key and the anonymous bearer). */
function anonymousHeaders(config: NodeConfiguration): Record<string, string> {
  return { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` };
}

/** A player of one test: unique name and address, known password. */
export interface TestPlayer {
  username: string;
  email: string;
  password: string;
}

/**
 * Registers a fresh player through the API and confirms the address by following the e-mailed link's
 * code through the API (TWO-POINT-STUDIOS: register/verify; elsewhere email/confirm). For journeys
 * whose subject is not registration (the first journey registers through the UI). `form` adds or
 * overrides register fields (e.g. G2GSegaOptin).
 */
export async function registerConfirmedPlayer(
  request: APIRequestContext,
  config: NodeConfiguration,
  form: Record<string, unknown> = {},
): Promise<TestPlayer> {
  const username = `Player${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username.toLowerCase()}@players.test`;
  const password = 'Journey2024Pass';
  const twoPoint = config.environmentName === 'TWO-POINT-STUDIOS';
  const response = await request.post(`${config.accountApiUrl}register/new-user`, {
    headers: anonymousHeaders(config),
    data: {
      Username: username,
      Firstname: 'Ada',
      Password: password,
      ConfirmPassword: password,
      Email: email,
      ConfirmEmail: email,
      ApprovePrivacyPolicy: true,
      ApproveEULA: true,
      TimeOnPageMs: 20_000,
      FormToken: await agedFormToken(request, config),
      ReCAPTCHAToken: await captchaToken(request, config, 'register'),
      ...(twoPoint ? { Lastname: 'Lovelace', DateOfBirth: '1990-12-31', ApproveCodeOfConduct: true } : {}),
      ...form,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const mail = await waitForMail(email);
  const confirm = twoPoint
    ? request.post(`${config.accountApiUrl}register/verify`, {
        headers: anonymousHeaders(config),
        data: { VerificationCode: linkQuery(mail.text, 'verificationCode') },
      })
    : request.post(`${config.accountApiUrl}email/confirm`, {
        headers: anonymousHeaders(config),
        data: { Uid: linkQuery(mail.text, 'uid') },
      });
  const confirmed = await confirm;
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { username, email, password };
}

/** The value of query parameter `name` in the first link of `text` that carries it. */
function linkQuery(text: string, name: string): string {
  const match = new RegExp(`[?&]${name}=([^\\s"'<>&\\])]+)`).exec(text);
  if (!match) throw new Error(`no link with ${name} in the e-mail`);
  return decodeURIComponent(match[1]);
}

/** Logs the demo player in and stores the identity cookie in `context`. */
export function logInDemoPlayer(
  context: BrowserContext,
  config: NodeConfiguration,
  baseURL: string,
): Promise<void> {
  return logInAs(context, config, baseURL, DEMO_PLAYER);
}

/** Logs `player` in through POST log/log-in and stores the identity cookie in `context`. */
export async function logInAs(
  context: BrowserContext,
  config: NodeConfiguration,
  baseURL: string,
  player: { username: string; password: string },
): Promise<void> {
  const response = await context.request.post(`${config.accountApiUrl}log/log-in`, {
    headers: anonymousHeaders(config),
    data: {
      UsernameOrEmail: player.username,
      Password: player.password,
      Token: await captchaToken(context.request, config, 'login'),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { Created } = (await response.json()) as { Created: string };
  await context.addCookies([
    { name: '_g2g_identity_', value: encodeURIComponent(Created), url: baseURL, sameSite: 'Strict' },
  ]);
}

/** What POST log/log-in answered: its status, and the Retry-After of a 429 (seconds; null otherwise). */
export interface LogInAnswer {
  status: number;
  retryAfterSeconds: number | null;
}

/** POST log/log-in with these credentials, as the log-in form sends them. */
export async function logInAnswer(
  request: APIRequestContext,
  config: NodeConfiguration,
  usernameOrEmail: string,
  password: string,
): Promise<LogInAnswer> {
  const response = await request.post(`${config.accountApiUrl}log/log-in`, {
    headers: anonymousHeaders(config),
    data: {
      UsernameOrEmail: usernameOrEmail,
      Password: password,
      Token: await captchaToken(request, config, 'login'),
    },
  });
  const retryAfter = response.headers()['retry-after'];
  return { status: response.status(), retryAfterSeconds: retryAfter ? Number(retryAfter) : null };
}

/** POST log/log-in status for these credentials (200 when they log in, 400 when refused). */
export async function logInStatus(
  request: APIRequestContext,
  config: NodeConfiguration,
  usernameOrEmail: string,
  password: string,
): Promise<number> {
  return (await logInAnswer(request, config, usernameOrEmail, password)).status;
}

/** Logs out through the account area's Log out (the header's button or the side list's link), then Home. */
export async function logOut(page: Page): Promise<void> {
  await page.goto('/account');
  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
}
