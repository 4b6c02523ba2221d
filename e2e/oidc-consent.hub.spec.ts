/**
 * Consent for a third-party site (issue 21 §3), in Chromium as a person does it: the sandbox's
 * third-party browser client (`/oidc-browser/studio/`, client `sandbox-oidc-studio`, another studio's
 * site; oidc-client-ts, code + PKCE) sends a player signed in at the portal to the hub, which shows the
 * consent page in the studio's branding: the site's name and host, what it will see in plain words,
 * Allow and Deny. The player denies — the site says the sign-in failed (`access_denied`) — then tries
 * again, is asked again (nothing was granted), reads the page in French (no English left) and allows:
 * the site shows them signed in with the claims. A last sign-in goes straight through: the consent is
 * remembered. axe on the consent page in both languages.
 *
 * A fresh player each run (the consent of a player is kept by the hub). A `*.hub.spec.ts` suite: runs
 * in the deployment with `hubSuites` (e2e/support/ports.ts), the hub of the sandbox's clients.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { E2E } from './support/ports.ts';
import { logInAs, nodeConfiguration, registerConfirmedPlayer } from './support/session.ts';

const STUDIO_SITE = `${E2E.sandboxUrl}/oidc-browser/studio/`;
const SITE_NAME = 'Ironclad Studio forum';
const HUB = `http://localhost:${E2E.localPort}`;

/** Sign in at the studio's site; the hub sends the signed-in player to the consent page. */
async function signInToConsent(page: Page): Promise<void> {
  await page.goto(STUDIO_SITE);
  await page.getByRole('button', { name: 'Sign in with Guildgate' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HUB}/oauth/consent\\?uid=[\\w-]+$`));
}

test('a third-party site asks for consent: denied, then allowed in French, then remembered', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  await logInAs(context, config, baseURL!, player);

  await signInToConsent(page);
  await expect(page).toHaveTitle('Account - Allow access');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: new RegExp(`^${SITE_NAME} wants to access your .+ account$`),
    }),
  ).toBeVisible();
  await expect(page.getByText(`Signed in as ${player.username}.`)).toBeVisible();
  await expect(
    page.getByText(`After your answer you go back to ${new URL(E2E.sandboxUrl).host}.`),
  ).toBeVisible();
  const scopes = page.getByRole('list').filter({ hasText: 'Know who you are on' });
  await expect(scopes.getByRole('listitem')).toHaveText([
    /^Know who you are on .+$/,
    'See your username, avatar, titles and badges, and your linked Steam account',
    'See your email address and whether it is confirmed',
  ]);
  await expectNoAxeViolations(page, 'consent page');

  // Deny: the site is told access_denied and signs nobody in.
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(STUDIO_SITE);
  await expect(page.getByRole('alert')).toContainText('Sign-in failed.');
  await expect(page.getByText('Signed in as')).toHaveCount(0);

  // Again: asked again (nothing was granted); in French this time, then Allow.
  await signInToConsent(page);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${SITE_NAME} wants`) }),
  ).toBeVisible();
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Français' }).click();
  await expect(page).toHaveTitle("Compte - Autoriser l'accès");
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: new RegExp(`^${SITE_NAME} souhaite accéder à votre compte .+$`),
    }),
  ).toBeVisible();
  await expect(page.getByText('Voir votre adresse e-mail et si elle est confirmée')).toBeVisible();
  await expectNoEnglish(page, 'consent page in French');
  await expectNoAxeViolations(page, 'consent page in French');
  await page.getByRole('button', { name: 'Autoriser' }).click();

  await expect(page).toHaveURL(STUDIO_SITE);
  await expect(page.getByText(`Signed in as ${player.username}`)).toBeVisible();
  const claims = page.getByRole('table', { name: 'Claims of the ID token and userinfo' });
  await expect(claims.getByRole('row', { name: `email ${player.email}` })).toBeVisible();

  // Signed out at the site, signing in again needs no consent: the hub remembers it.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const visited: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) visited.push(r.url());
  });
  await page.getByRole('button', { name: 'Sign in with Guildgate' }).click();
  await expect(page.getByText(`Signed in as ${player.username}`)).toBeVisible();
  expect(visited.filter((url) => url.startsWith(`${HUB}/oauth/consent`))).toEqual([]);
});
