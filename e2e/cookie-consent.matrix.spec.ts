/**
 * The flag-dependent parts of cookie consent, in every deployment (spec §1 flags "custom cookie
 * management" and "tag manager"; §2 Account dashboard "Cookies (or custom cookie management when the
 * flag is on)"; §4 Cookie consent, "Analytics events are sent only when consent_analytics equals 1").
 * What each deployment must do follows from its own flags (read from its runtime configuration):
 * - custom cookie management on: the account side list has a "Cookie settings" button opening the
 *   consent manager's settings dialog (no Cookies link); off: a Cookies link to /account/cookies;
 * - every deployment shows the consent banner to a new visitor; after Accept all the page being
 *   viewed reaches window.dataLayer at once (no reload) where the tag manager is on, and nothing ever
 *   does where it is off; before the choice, nothing does anywhere.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInDemoPlayer, nodeConfiguration } from './support/session.ts';

/** The page has rendered its route and nothing loads any more (the header's Loading is empty). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('');
}

function dataLayer(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer ?? null);
}

test('the account side list opens the cookie settings under custom cookie management, else links to Cookies', async ({
  browser,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const custom = config.features.customCookieManagement;
  // The demo player is only looked at here: no choice is made, so their record stays as it is.
  const context = await browser.newContext({ baseURL });
  try {
    await logInDemoPlayer(context, config, baseURL!);
    const page = await context.newPage();
    await page.goto('/account');
    await settled(page);
    const nav = page.getByRole('navigation', { name: /account/i });
    const settingsButton = nav.getByRole('button', { name: 'Cookie settings' });
    const cookiesLink = nav.getByRole('link', { name: 'Cookies', exact: true });
    await expect(settingsButton).toHaveCount(custom ? 1 : 0);
    await expect(cookiesLink).toHaveCount(custom ? 0 : 1);
    if (custom) {
      await settingsButton.click();
      const dialog = page.getByRole('dialog', { name: 'Cookie settings' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('switch', { name: 'Analytical cookies' })).toBeVisible();
      await expectNoAxeViolations(page, 'cookie settings from the side list');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(settingsButton).toBeFocused();
    } else {
      await cookiesLink.click();
      await expect(page).toHaveURL(/\/account\/cookies$/);
      await expect(page).toHaveTitle('Account - Cookies');
    }
  } finally {
    await context.close();
  }
});

test('page views reach the data layer only after analytics consent, at once, and only with the tag manager', async ({
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const tagManager = config.features.tagManager;
  await page.goto('/errors/not-found');
  await settled(page);
  const banner = page.getByRole('region', { name: 'Your cookie choices' });
  await expect(banner).toBeVisible();
  expect(await dataLayer(page), 'no consent yet: nothing pushed').toBeNull();

  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toHaveCount(0);
  if (tagManager) {
    await expect
      .poll(() => dataLayer(page))
      .toEqual([{ event: 'page_view', page_path: '/errors/not-found' }]);
  } else {
    expect(await dataLayer(page)).toBeNull();
  }
  // The next page view counts too where the tag manager is on.
  await page.getByRole('link', { name: /account home$/ }).click();
  await settled(page);
  if (tagManager) {
    await expect
      .poll(() => dataLayer(page))
      .toEqual([
        { event: 'page_view', page_path: '/errors/not-found' },
        { event: 'page_view', page_path: '/' },
      ]);
  } else {
    expect(await dataLayer(page)).toBeNull();
  }
});
