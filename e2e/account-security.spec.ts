/**
 * The account's Security page (issue 22 §5 "Where you're signed in", §7 "Recent activity"), in `local`
 * and `TWO-POINT-STUDIOS`: a player signed in on this browser and on a phone (a second browser context
 * with an iPhone's User-Agent) opens Security from the side list (after Connected sites), sees both
 * sessions — "This device" on this one, the phone's browser and OS parsed —, signs the phone out and
 * watches it fail at once: its access token is refused by a player call (401) and its page goes to the
 * log-in. The sign-out shows in Recent activity. "Sign out everywhere else" asks first and keeps this
 * device. The page in French has no English left. axe on the page, the dialog and the results.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { logInAs, type NodeConfiguration } from './support/session.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Opens the account's Security page from the side list. */
async function openSecurity(page: Page, navName: string, linkName: string): Promise<void> {
  await page.goto('/account');
  await page.getByRole('navigation', { name: navName }).getByRole('link', { name: linkName }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
}

/** A player call (GET profile/user/{id}) with `accessToken`: its HTTP status. */
async function profileStatus(
  context: BrowserContext,
  config: NodeConfiguration,
  idUser: string,
  accessToken: string,
) {
  const response = await context.request.get(`${config.accountApiUrl}profile/user/${idUser}`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${accessToken}` },
  });
  return response.status();
}

test('lists where the player is signed in, signs the phone out at once, and shows it in the activity', async ({
  page,
  browser,
  config,
  player,
  baseURL,
}) => {
  // The phone: signed in too, its page loaded, its access token kept.
  const phone = await browser.newContext({ userAgent: IPHONE });
  await logInAs(phone, config, baseURL!, player);
  const phonePage = await phone.newPage();
  const tokenAnswer = phonePage.waitForResponse((response) => /\/api\/token\/[^/?]+$/.test(response.url()));
  await phonePage.goto('/account');
  const phoneToken = (await (await tokenAnswer).json()) as { Value: string; Id_User: string };
  expect(await profileStatus(phone, config, phoneToken.Id_User, phoneToken.Value)).toBe(200);

  await openSecurity(page, 'Account sections', 'Security');
  await expect(page).toHaveTitle('Account - Security');
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  const rows = sessions.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByText('This device', { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText('Mobile Safari 17 on iOS 17.5')).toBeVisible();
  await expect(rows.nth(1).getByText('This device', { exact: true })).toHaveCount(0);
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity.getByText('Signed in', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page, 'security, two sessions');

  await sessions.getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' }).click();
  await expect(sessions.getByRole('status')).toHaveText('Mobile Safari 17 on iOS 17.5 has been signed out.');
  await expect(rows).toHaveCount(1);
  await expect(sessions.getByText('You are not signed in anywhere else.')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Where you're signed in" })).toBeFocused();
  await expect(activity.getByText('Signed out another device')).toBeVisible();
  await expectNoAxeViolations(page, 'security, phone signed out');

  // The phone's token stops working at once, and its page goes to the log-in.
  expect(await profileStatus(phone, config, phoneToken.Id_User, phoneToken.Value)).toBe(401);
  await phonePage.goto('/account/security');
  await expect(phonePage).toHaveURL(/\/login\?redirectUrl=%2Faccount%2Fsecurity$/);
  await phone.close();
});

test('signs out everywhere else after asking, and keeps this device', async ({
  page,
  browser,
  config,
  player,
  baseURL,
}) => {
  const others = [await browser.newContext({ userAgent: IPHONE }), await browser.newContext()];
  for (const other of others) await logInAs(other, config, baseURL!, player);

  await openSecurity(page, 'Account sections', 'Security');
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere else?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'security, sign out everywhere else dialog');
  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByRole('status')).toHaveText('2 other devices have been signed out.');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/account\/security$/);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'security, everywhere else signed out');
  for (const other of others) await other.close();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the Security page has no English left', async ({ page, player }) => {
    expect(player.username).toBeTruthy();
    await openSecurity(page, 'Rubriques du compte', 'Sécurité');
    await expect(page).toHaveTitle('Compte - Sécurité');
    await expect(
      page.getByRole('region', { name: 'Où vous êtes connecté' }).getByText('Cet appareil'),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Activité récente' }).getByText('Connexion').first(),
    ).toBeVisible();
    await expectNoEnglish(page, 'security');
    await expectNoAxeViolations(page, 'security, French');
  });
});
