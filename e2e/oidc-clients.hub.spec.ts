/**
 * Clients nobody here wrote sign players in through the hub's OpenID Provider (issue 21 §5, §6), in
 * Chromium as a person does it:
 * - the sandbox's OpenID Connect site (openid-client, discovery of `${hub}/oidc`): Sign in sends a
 *   visitor to the portal's /login, then back to the site signed in with the claims shown; Sign out is
 *   RP-initiated (the hub asks, then sends the browser back to the site's own "You are signed out" page);
 *   Sign in again goes straight through the hub, the portal session still standing; a log-out at the
 *   portal then ends the site's session too (back-channel log-out);
 * - the sandbox's browser client page (oidc-client-ts, a public client, code + PKCE): signs in, then
 *   renews its tokens with the refresh token without leaving the page — on demand, and by itself a
 *   minute before the access token expires (the page's clock run forward).
 * axe on the portal's pages reached and on the sandbox pages.
 *
 * A `*.hub.spec.ts` suite: runs in the deployment with `hubSuites` (e2e/support/ports.ts), the hub of the
 * sandbox's clients (`SANDBOX_HUB_URL` of the sandbox web server in playwright.config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';
import { DEMO_PLAYER } from './support/session.ts';

const SITE = `${E2E.sandboxUrl}/oidc-site/`;
const BROWSER_CLIENT = `${E2E.sandboxUrl}/oidc-browser/`;
const HUB = `http://localhost:${E2E.localPort}`;

/**
 * Every address the page's main frame requests as a navigation from now on, redirects included (the
 * provider answers with 303s, which commit no page).
 */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/** At the portal's /login (the provider's interaction sent the visitor there): log in as the demo player. */
async function logInAtPortal(page: Page): Promise<void> {
  await expect(page).toHaveURL(
    new RegExp(`^${HUB}/login\\?redirectUrl=${encodeURIComponent(`${HUB}/oidc/interaction/`)}`),
  );
  await page.getByLabel('Username or email').fill(DEMO_PLAYER.username);
  await expectNoAxeViolations(page, 'portal log-in from the OpenID Provider');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PLAYER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('the OpenID Connect site signs a player in through the hub, shows the claims and signs out', async ({
  page,
}) => {
  await page.goto(SITE);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guildgate OpenID Connect site (sandbox)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'OpenID Connect site, signed out');

  await page.getByRole('button', { name: 'Sign in with Guildgate' }).click();
  await logInAtPortal(page);

  await expect(page).toHaveURL(SITE);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  const idToken = page.getByRole('table', { name: 'Claims of the ID token' });
  await expect(idToken.getByRole('row', { name: `iss ${HUB}/oidc` })).toBeVisible();
  const userinfo = page.getByRole('table', { name: 'Claims from userinfo' });
  await expect(
    userinfo.getByRole('row', { name: `preferred_username ${DEMO_PLAYER.username}` }),
  ).toBeVisible();
  await expect(userinfo.getByRole('row', { name: 'email_verified true' })).toBeVisible();
  await expectNoAxeViolations(page, 'OpenID Connect site, signed in');

  await page.getByRole('button', { name: 'Refresh tokens' }).click();
  await expect(page.getByTestId('refreshes')).toHaveText('1');

  // RP-initiated log-out: the hub asks, signs the provider session out, and sends the browser back to
  // the site's own signed-out page (its registered post_logout_redirect_uri, with the state it sent).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HUB}/oidc/session/end`));
  await expect(page.getByRole('heading', { name: 'Sign out of Guildgate?' })).toBeVisible();
  await expectNoAxeViolations(page, 'hub sign-out confirmation');
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(new RegExp(`^${SITE}signed-out\\?state=[\\w-]+`));
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expect(page.getByText('You are signed out of this site and of Guildgate.')).toBeVisible();
  await expectNoAxeViolations(page, 'OpenID Connect site, signed-out page');

  // The site forgot the player; the portal session stands, so signing in again needs no log-in.
  await page.goto(SITE);
  await expect(page.getByText('Signed in as')).toHaveCount(0);
  const visited = recordNavigations(page);
  await page.getByRole('button', { name: 'Sign in with Guildgate' }).click();
  await expect(page).toHaveURL(SITE);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  expect(visited.some((url) => url.startsWith(`${HUB}/oidc/auth?`))).toBe(true);
  expect(visited.filter((url) => url.startsWith(`${HUB}/login`))).toEqual([]);

  // Back-channel log-out: the player logs out at the portal; the hub tells the site, whose session is
  // gone at the next visit.
  await page.goto(`${HUB}/account`);
  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .first()
    .click();
  await expect(page).toHaveURL(`${HUB}/`);
  await expect(async () => {
    await page.goto(SITE);
    await expect(page.getByRole('button', { name: 'Sign in with Guildgate' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByText('Signed in as')).toHaveCount(0);
});

test('the browser client signs in with code + PKCE and renews its tokens silently', async ({ page }) => {
  await page.goto(BROWSER_CLIENT);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guildgate browser client (sandbox)' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'browser client, signed out');

  const toHub = recordNavigations(page);
  await page.getByRole('button', { name: 'Sign in with Guildgate' }).click();
  await logInAtPortal(page);

  await expect(page).toHaveURL(BROWSER_CLIENT);
  await expect(page.getByText(`Signed in as ${DEMO_PLAYER.username}`)).toBeVisible();
  await expect(page.getByTestId('renewals')).toHaveText('0');
  const authorization = new URL(toHub.find((url) => url.startsWith(`${HUB}/oidc/auth?`)) ?? HUB);
  expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
    client_id: 'sandbox-oidc-browser',
    response_type: 'code',
    code_challenge_method: 'S256',
  });
  const claims = page.getByRole('table', { name: 'Claims of the ID token and userinfo' });
  await expect(claims.getByRole('row', { name: `preferred_username ${DEMO_PLAYER.username}` })).toBeVisible();
  await expectNoAxeViolations(page, 'browser client, signed in');

  // Renewal with the refresh token: a CORS call to the token endpoint, no navigation, no frame.
  const navigations = recordNavigations(page);
  const refresh = page.waitForRequest(
    (request) =>
      request.url() === `${HUB}/oidc/token` &&
      request.postData()?.includes('grant_type=refresh_token') === true,
  );
  await page.getByRole('button', { name: 'Renew now' }).click();
  expect((await (await refresh).response())?.status()).toBe(200);
  await expect(page.getByTestId('renewals')).toHaveText('1');
  expect(navigations).toEqual([]);
  expect(page.frames()).toHaveLength(1);

  // By itself: a minute before the access token (15 min) expires, oidc-client-ts renews it.
  await page.clock.install();
  await page.reload();
  await expect(page.getByTestId('renewals')).toHaveText('1');
  const automatic = page.waitForRequest(
    (request) =>
      request.url() === `${HUB}/oidc/token` &&
      request.postData()?.includes('grant_type=refresh_token') === true,
  );
  await page.clock.fastForward('14:30');
  expect((await (await automatic).response())?.status()).toBe(200);
  await expect(page.getByTestId('renewals')).toHaveText('2');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in with Guildgate' })).toBeVisible();
});
