/**
 * The operator console (issue 24), on the `local` hub: staff made as in production (an authenticator
 * app, `npm run staff -- grant`, the console's "Confirm it is you" with the password and a code).
 * - A support member finds a player by e-mail, sees the log-in lock that guessing put on them, lifts
 *   it (with a reason), and the player logs in at once; the action shows in the audit trail.
 * - A viewer sees the same player page without a single support action, and the API refuses the
 *   action with their token (403 ERROR_STAFF_ROLE_INSUFFICIENT).
 * - An admin registers a partner client (its secret shown once), and the sandbox partner site signs the
 *   admin in with it (its "Use another client" page); the registration is in the audit trail.
 * - A player without a role is told the console is for staff, and the API answers 403.
 * axe on every console page the journeys open.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';
import { openConsoleAs } from './support/staff.ts';
import {
  logInAnswer,
  registerConfirmedPlayer,
  type NodeConfiguration,
  type TestPlayer,
} from './support/session.ts';

/** The back-off the guessing must reach so the lock is still on when support looks (seconds). */
const LOCK_SECONDS = 30;

/**
 * Guesses `target`'s password from this address until the throttle's back-off is at least
 * {@link LOCK_SECONDS}: each refusal's Retry-After is waited out, so every guess is counted (a refused
 * attempt is not), and the back-off doubles (1, 2, 4 … seconds).
 */
async function lockOut(request: APIRequestContext, config: NodeConfiguration, target: TestPlayer) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await logInAnswer(request, config, target.username, 'Not-the-password-7');
    if (answer.status === 429) {
      const wait = answer.retryAfterSeconds ?? 1;
      if (wait >= LOCK_SECONDS) return;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    } else expect(answer.status).toBe(400);
  }
  throw new Error(`${target.username} was never locked`);
}

/** Searches the console for `text` and opens the player's page by their username. */
async function openPlayer(page: Page, text: string, username: string) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Players' })
    .click();
  await page.getByLabel('Find a player').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Results' }).getByRole('link', { name: username }).click();
  await expect(page.getByRole('heading', { level: 2, name: username })).toBeVisible();
}

/** The bearer the console sends on its next admin call while `act` runs (the player's access token). */
async function bearerDuring(page: Page, act: () => Promise<unknown>): Promise<string> {
  const call = page.waitForRequest((request) => request.url().includes('/api/admin/'));
  await act();
  const authorization = (await call).headers().authorization;
  expect(authorization).toMatch(/^Bearer ./);
  return authorization.slice('Bearer '.length);
}

test('support finds a locked player by e-mail, lifts the lock, and the player logs in at once', async ({
  page,
  browser,
  baseURL,
  config,
  player: support,
}, testInfo) => {
  await openConsoleAs(page, testInfo.project.name, support, 'support');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Registrations and confirmations/ })).toBeVisible();
  await expectNoAxeViolations(page, 'console, dashboard');

  const target = await registerConfirmedPlayer(page.request, config);
  await lockOut(page.request, config, target);
  expect((await logInAnswer(page.request, config, target.username, target.password)).status).toBe(429);

  await openPlayer(page, target.email, target.username);
  const throttle = page.getByRole('region', { name: 'Log-in throttling' });
  await expect(throttle.getByText('Log-in locked', { exact: true })).toBeVisible();
  await expect(throttle.getByRole('listitem').first()).toContainText('failures');
  await expectNoAxeViolations(page, 'console, player page');

  const actions = page.getByRole('region', { name: 'Support actions' });
  await actions.getByLabel('Reason (kept in the audit trail)').fill('Locked out after guessing, ticket 4521');
  await actions.getByRole('button', { name: 'Lift the log-in lock' }).click();
  await expect(actions.getByRole('status')).toHaveText('Done: Lift the log-in lock.');
  await expect(throttle.getByText('Not locked', { exact: true })).toBeVisible();

  // The player, in their own browser, logs in with their password at once.
  const own = await browser.newContext({ baseURL });
  const ownPage = await own.newPage();
  await ownPage.goto('/login');
  await ownPage.getByLabel('Username or email').fill(target.username);
  await ownPage.getByRole('button', { name: 'Next' }).click();
  await ownPage.getByLabel('Password', { exact: true }).fill(target.password);
  await ownPage.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(ownPage).toHaveURL(/\/account/);
  await own.close();

  // The action is in the audit trail, with who did it, to whom and the reason.
  await page.getByRole('link', { name: 'Staff actions on this player' }).click();
  const row = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: 'staff.player_lock_lifted' });
  await expect(row).toContainText(support.username);
  await expect(row).toContainText(target.username);
  await expectNoAxeViolations(page, 'console, audit trail');
});

test('a viewer sees a player without any action, and the API refuses the action', async ({
  page,
  config,
  player: viewer,
}, testInfo) => {
  await openConsoleAs(page, testInfo.project.name, viewer, 'viewer');
  const target = await registerConfirmedPlayer(page.request, config);
  const bearer = await bearerDuring(page, () => openPlayer(page, target.username, target.username));
  await expect(page.getByRole('region', { name: 'Log-in throttling' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Support actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Lift|Ban|Delete|Sign out|Resend|Reset/ })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff' }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page, 'console, player page as a viewer');

  const idUser = page.url().split('/').at(-1) ?? '';
  const refused = await page.request.post(`${config.accountApiUrl}admin/players/${idUser}/lift-lock`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${bearer}` },
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    ErrorMessages: [{ Property: '', ErrorMessage: 'ERROR_STAFF_ROLE_INSUFFICIENT' }],
  });
});

test('a player without a role is told the console is for staff', async ({ page, config, player }) => {
  const bearer = await bearerDuring(page, () => page.goto('/admin'));
  await expect(page.getByText('This console is for staff only.')).toBeVisible();
  await expectNoAxeViolations(page, 'console, not staff');
  const refused = await page.request.get(`${config.accountApiUrl}admin/me`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${bearer}` },
  });
  expect(refused.status()).toBe(403);
  // The player's own pages still open: the refusal is the console's only.
  await page.goto('/account');
  await expect(page.getByText(player.username).first()).toBeVisible();
});

test('an admin registers a partner client, and the sandbox partner site signs in with it', async ({
  page,
  player: admin,
}, testInfo) => {
  await openConsoleAs(page, testInfo.project.name, admin, 'admin');
  const sections = page.getByRole('navigation', { name: 'Console sections' });
  await sections.getByRole('link', { name: 'Partner sites' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Partner sites' })).toBeVisible();

  const clientId = `e2e-site-${Date.now().toString(36)}`;
  const form = page.getByRole('region', { name: 'Register a partner site' });
  await form.getByLabel('Name', { exact: true }).fill('Community test site');
  await form.getByLabel('Client id', { exact: true }).fill(clientId);
  await form.getByLabel('Redirect URIs', { exact: true }).fill(`${E2E.sandboxUrl}/partner/callback`);
  await form.getByLabel('Log-out redirect URIs', { exact: true }).fill(`${E2E.sandboxUrl}/partner/`);
  await form.getByLabel(/^First party/).check();
  await form.getByRole('button', { name: 'Register the site' }).click();
  const secretBox = page.getByRole('region', { name: 'The client secret' });
  const secret = ((await secretBox.locator('code').textContent()) ?? '').trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await expect(
    page.getByRole('table', { name: 'Partner sites' }).getByRole('row', { name: new RegExp(clientId) }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'console, partner sites');
  await secretBox.getByRole('button', { name: 'I have copied the secret' }).click();
  await expect(secretBox).toHaveCount(0);

  // The partner site, told to sign in as that client, signs the admin in through the hub.
  await page.goto(`${E2E.sandboxUrl}/partner/client`);
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Use this client' }).click();
  await expect(page.getByText(`Signing in as client ${clientId}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${E2E.sandboxUrl}/partner/`);
  await expect(page.getByText(`Signed in as ${admin.username}`)).toBeVisible();

  // The registration is in the audit trail, naming the client and never its secret.
  await page.goto('/admin/audit');
  const row = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: 'staff.client_created' })
    .first();
  await expect(row).toContainText(admin.username);
  await expect(page.getByText(secret)).toHaveCount(0);

  // Every other page of the console an admin opens is axe clean.
  const pages: [link: string, heading: string][] = [
    ['Redirect allow-list', 'Redirect allow-list'],
    ['Access keys', 'Access keys'],
    ['Banned addresses', 'Banned addresses'],
    ['Newsletters and cookies', 'Newsletter lists'],
    ['Reports', 'Why players left'],
    ['Staff', 'Staff'],
  ];
  for (const [link, heading] of pages) {
    await sections.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    await expectNoAxeViolations(page, `console, ${link}`);
  }
  // The allow-list tester answers with the real check's verdict.
  await sections.getByRole('link', { name: 'Redirect allow-list', exact: true }).click();
  await page.getByLabel('Address to test').fill('https://evil.example/');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Refused: no pattern names this host.' }),
  ).toBeVisible();
  // A pattern added allows its host at once; removed (after the confirmation), it no longer does.
  const host = `play.${clientId}.example`;
  const pattern = `https://${host}/`;
  const tester = page.getByRole('region', { name: 'Test an address' });
  const verdictFor = async (url: string, verdict: string) => {
    await page.getByLabel('Address to test').fill(url);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(tester.getByRole('status').filter({ hasText: verdict })).toBeVisible();
  };
  await page.getByLabel('New pattern').fill(pattern);
  await page.getByRole('button', { name: 'Add the pattern' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${pattern} is added.` })).toBeVisible();
  await verdictFor(`https://${host}/news`, `Allowed by ${pattern}.`);
  await page.getByRole('button', { name: `Remove ${pattern}` }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Remove ${pattern}?` });
  await confirmation.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `${pattern} is removed.` })).toBeVisible();
  await expect(page.getByText(pattern, { exact: true })).toHaveCount(0);
  await verdictFor(`https://${host}/news`, 'Refused: no pattern names this host.');
});
