/**
 * The second factor on the hub's /oauth path (issue 22 §4): a player who set up an authenticator app
 * signs in to the sandbox partner community site through the hub. Sign in on the site sends them to the
 * hub's log-in (its return address the hub's /oauth page); after the password the hub asks for a code
 * of the app (generated with otplib, as the app would) — a wrong one is refused there, still on the
 * code step — and only the right one sends them on through /oauth back to the site, signed in. axe on
 * the code step reached from the partner site.
 *
 * A `*.hub.spec.ts` suite: runs in the deployment with `hubSuites` (e2e/support/ports.ts), whose node
 * the sandbox's partner site uses as its hub (`SANDBOX_HUB_URL` of the sandbox web server in
 * playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';

const SITE = `${E2E.sandboxUrl}/partner/`;
const HUB = `http://localhost:${E2E.localPort}`;

/** The app's code `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Sets up the authenticator app on the Security page (the player is signed in). @returns its key */
async function setUpAuthenticatorApp(page: Page): Promise<string> {
  await page.goto('/account/security');
  const section = page.getByRole('region', { name: 'Authenticator app' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.locator('code').first().textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await section.getByLabel('Code from the app', { exact: true }).fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Confirm the code' }).click();
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('status')).toHaveText('The authenticator app is set up.');
  return secret;
}

/** Every address the page's main frame navigates to from now on. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

test('a player with an authenticator app passes the code step before the hub sends them back to the partner site', async ({
  page,
  browser,
  player,
}) => {
  const secret = await setUpAuthenticatorApp(page);

  // Another browser, signed in nowhere: Sign in on the partner site.
  const visitor = await browser.newContext();
  const site = await visitor.newPage();
  await site.goto(SITE);
  await site.getByRole('button', { name: 'Sign in' }).click();
  await expect(site).toHaveURL(new RegExp(`^${HUB}/login\\?redirectUrl=%2Foauth%3F`));
  await site.getByLabel('Username or email').fill(player.username);
  await site.getByRole('button', { name: 'Next' }).click();
  await site.getByLabel('Password', { exact: true }).fill(player.password);
  await site.getByRole('button', { name: 'Log in', exact: true }).click();

  // The password alone does not send the player back: the hub asks for the code.
  await expect(site.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(site).toHaveURL(new RegExp(`^${HUB}/`));
  await expect(site.getByText('Signed in as')).toHaveCount(0);
  await expectNoAxeViolations(site, 'hub log-in for the partner site, code step');
  const code = site.getByLabel('Code', { exact: true });
  await code.fill('000000');
  await site.getByRole('button', { name: 'Verify' }).click();
  await expect(site.getByText('This code is not valid. Please try again.')).toBeVisible();
  await expect(site).toHaveURL(new RegExp(`^${HUB}/`));

  // The right code: through the hub's /oauth page, back on the site, signed in.
  const visited = recordNavigations(site);
  await code.fill(await codeAt(secret, 1));
  await site.getByRole('button', { name: 'Verify' }).click();
  await expect(site).toHaveURL(SITE);
  await expect(site.getByText(`Signed in as ${player.username}`)).toBeVisible();
  expect(visited.some((url) => url.startsWith(`${HUB}/oauth?`))).toBe(true);
  await visitor.close();
});
