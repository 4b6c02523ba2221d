/**
 * The captcha end to end (spec §4 "The optional captcha uses actions named login and register"; §5
 * Captcha's three messages; §7 POST recaptcha/verify, POST profile/validate), in every deployment:
 * - where the flag is on (local-flags-on) the pages load the sandbox's reCAPTCHA stand-in, each log-in
 *   step sends a token of the action login, and the verifier's verdict — chosen on the sandbox's
 *   reCAPTCHA page, as a person would — decides: 'Unavailable' gives 'An error occured. Please try
 *   again later.', 'Bot' gives 'You are not allowed to log in.' and, on Register, 'You're not allowed to
 *   create an account.'; nothing is created for a refused registration;
 * - where it is off no captcha script is loaded, log-in needs no token and the captcha calls answer
 *   that all is well.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { createAccessKey } from './support/access-keys.ts';
import { E2E } from './support/ports.ts';
import { TOO_FAST_WAIT_MS, fillRegisterForm, uniqueName } from './support/register-form.ts';
import { logInStatus } from './support/session.ts';

/** The actions of the token requests the page makes to the stand-in. */
function recordTokenActions(page: Page): string[] {
  const actions: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/recaptcha/api/token') actions.push(url.searchParams.get('action') ?? '');
  });
  return actions;
}

/** Chooses this browser's verdict on the sandbox's reCAPTCHA page (a cookie of the sandbox). */
async function chooseVerdict(context: BrowserContext, label: 'Human' | 'Bot' | 'Unavailable'): Promise<void> {
  const sandbox = await context.newPage();
  await sandbox.goto(`${E2E.sandboxUrl}/recaptcha/`);
  await sandbox.getByRole('button', { name: label, exact: true }).click();
  await expect(sandbox.getByRole('button', { name: label, exact: true })).toHaveClass(/current/);
  await sandbox.close();
}

/** Step 1 of the two-step log-in (the local environment of local-flags-on). */
async function identify(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByRole('button', { name: 'Next' }).click();
}

test('log-in carries a captcha token of the action login only where the captcha is on', async ({
  page,
  context,
  request,
  config,
  player,
}) => {
  const actions = recordTokenActions(page);
  await context.clearCookies();
  if (!config.features.enableCaptcha) {
    expect(await logInStatus(request, config, player.username, player.password)).toBe(200);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('script[src*="/recaptcha/"]')).toHaveCount(0);
    expect(actions).toEqual([]);
    return;
  }
  await identify(page, player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator('script[src*="/recaptcha/api.js"]')).toHaveCount(1);
  // One token per call: identify, then the password step.
  expect(actions).toEqual(['login', 'login']);
});

test('the three captcha messages where it is on; the captcha calls answer all is well where it is off', async ({
  page,
  context,
  request,
  config,
  player,
}, info) => {
  const anonymous = { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` };
  if (!config.features.enableCaptcha) {
    const verify = await request.post(`${config.accountApiUrl}recaptcha/verify`, {
      headers: anonymous,
      data: { Token: 'anything' },
    });
    expect(await verify.json()).toEqual({ Success: true, IsValid: true });
    const validate = await request.post(`${config.accountApiUrl}profile/validate`, {
      headers: anonymous,
      data: { Token: 'anything' },
    });
    expect(await validate.json()).toEqual({ Success: true });
    return;
  }
  await context.clearCookies();

  await chooseVerdict(context, 'Unavailable');
  await identify(page, player.username);
  await expect(page.getByText('An error occured. Please try again later.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  await chooseVerdict(context, 'Bot');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('You are not allowed to log in.')).toBeVisible();
  await expect(page.getByText('An error occured. Please try again later.')).toHaveCount(0);

  // Registration (this deployment also needs an access key: the operator's command makes one).
  const key = await createAccessKey(info.project.name);
  await page.goto('/access-key');
  await page.getByLabel('Key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/register$/);
  const username = uniqueName();
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  const loadedAt = Date.now();
  await fillRegisterForm(page, username, `${username.toLowerCase()}@players.test`, false);
  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - loadedAt)));
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText("You're not allowed to create an account.")).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  // Nothing was created: the name is unknown to log/identify (with a human's token).
  await chooseVerdict(context, 'Human');
  await identify(page, username);
  await expect(page.getByText('Your username, email or password is incorrect.')).toBeVisible();
});
