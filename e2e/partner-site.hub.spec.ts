/**
 * The sandbox partner community site signs a player in through the hub (issue 7; spec §1 Single
 * sign-on, §2 /oauth, §7 GET oauth; RFC 6749 §4.1), as a person does it: Sign in on the site, log in at
 * the portal's /login, back on the site 'Signed in as DemoPlayer'; Sign out on the site, then Sign in
 * again goes straight through the hub without a log-in, even when the portal's session restore is slow
 * (the /oauth page waits for it). A refused answer shows the site's 'Sign-in failed' page. axe on every
 * page reached.
 *
 * A `*.hub.spec.ts` suite: runs in the deployment with `hubSuites` (e2e/support/ports.ts), whose node
 * the sandbox's partner site uses as its hub (`SANDBOX_HUB_URL` of the sandbox web server in
 * playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';
import { DEMO_PLAYER } from './support/session.ts';

const SITE = `${E2E.sandboxUrl}/partner/`;
const HUB = `http://localhost:${E2E.localPort}`;

/** Every address the page's main frame navigates to from now on. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/** Sign in on the site while the hub has no session: the hub's /oauth page sends the visitor to log in. */
async function signInWithLogIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HUB}/login\\?redirectUrl=%2Foauth%3F`));
  await page.getByLabel('Username or email').fill(DEMO_PLAYER.username);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PLAYER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('signs a player in on the partner site through the hub, then straight through', async ({ page }) => {
  await page.goto(SITE);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guildgate partner community (sandbox)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'partner site, signed out');

  // Sign in: the hub's /oauth page sends a visitor to log in first.
  await signInWithLogIn(page);

  // Back on the site, signed in.
  await expect(page).toHaveURL(SITE);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  await expectNoAxeViolations(page, 'partner site, signed in');

  // Signing out of the site leaves the hub session: the next Sign in needs no log-in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Signed in as')).toHaveCount(0);
  const visited = recordNavigations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(SITE);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  expect(visited.some((url) => url.startsWith(`${HUB}/oauth?`))).toBe(true);
  expect(visited.filter((url) => url.startsWith(`${HUB}/login`))).toEqual([]);
});

test('goes straight through the hub even when the session restore is slow', async ({ page }) => {
  // Log in once at the portal, so that the browser holds the identity cookie.
  await page.goto(SITE);
  await signInWithLogIn(page);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The /oauth page's call must wait for the cookie's exchange (GET token/{identity}), however slow,
  // rather than ask the hub as an anonymous visitor and be sent to /login.
  await page.route(/\/api\/token\/[^/?]+$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const visited = recordNavigations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(SITE);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  expect(visited.filter((url) => url.startsWith(`${HUB}/login`))).toEqual([]);
});

test("shows the site's 'Sign-in failed' page for an answer it did not ask for", async ({ page }) => {
  await page.goto(`${SITE}callback?error=access_denied&state=not-started-here`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('does not belong to a sign-in started in this browser');
  await expectNoAxeViolations(page, 'partner site, sign-in failed');
  await page.getByRole('link', { name: 'Back to the community' }).click();
  await expect(page).toHaveURL(SITE);
});
