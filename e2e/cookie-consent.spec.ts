/**
 * Cookie consent journeys (spec §4 Cookie consent; §2 "A cookie control sits on every page", Cookies;
 * §7 GET cookie, GET cookie/user/{id}, POST cookie/user/{id}/accept-all and set-cookie, POST
 * profile/user/{id}/see-cookie-popup; §9 consent cookies, 365 days), in `local` and
 * `TWO-POINT-STUDIOS` (custom cookie management and tag manager off there; the flag-dependent parts
 * are in cookie-consent.matrix.spec.ts):
 * - a visitor gets the banner; Accept all / Reject all / Settings (one switch per category, the
 *   necessary one on and disabled) write consent_cookies, consent_analytics and consent_marketing for
 *   365 days, and the banner stays away after a reload; nothing reaches the data layer;
 * - the dialog keeps focus inside, Escape closes it and focus returns; the footer's control reopens it;
 * - a logged-in player's choice is stored on the server with 'popup seen', and another browser of the
 *   same player gets the cookies back instead of the banner; a choice made before logging in is sent
 *   when the player logs in;
 * - the Cookies page's switches change the server record and the cookies.
 * axe runs on the banner, the dialog and the Cookies page.
 */
import type { APIRequestContext, BrowserContext, Cookie, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  logInAs,
  registerConfirmedPlayer,
  type NodeConfiguration,
  type TestPlayer,
} from './support/session.ts';

/** spec §9: the consent cookies last 365 days. */
const CONSENT_DAYS = 365;
const CONSENT_COOKIES = ['consent_cookies', 'consent_analytics', 'consent_marketing'] as const;

function banner(page: Page) {
  return page.getByRole('region', { name: 'Your cookie choices' });
}

function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Cookie settings' });
}

/** The page has rendered its route and nothing loads any more (the header's Loading is empty). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('');
}

/** The consent cookies of `context`, by name. */
async function consentCookies(context: BrowserContext): Promise<Partial<Record<string, Cookie>>> {
  const cookies = await context.cookies();
  return Object.fromEntries(
    cookies.filter((c) => (CONSENT_COOKIES as readonly string[]).includes(c.name)).map((c) => [c.name, c]),
  );
}

/** The values of the three consent cookies ('' when absent). */
async function consentValues(context: BrowserContext): Promise<string[]> {
  const cookies = await consentCookies(context);
  return CONSENT_COOKIES.map((name) => cookies[name]?.value ?? '');
}

/** Each consent cookie is there, for the whole site, SameSite=Lax, expiring in about 365 days. */
async function expectConsentCookieAttributes(context: BrowserContext): Promise<void> {
  const cookies = await consentCookies(context);
  const now = Date.now() / 1000;
  for (const name of CONSENT_COOKIES) {
    const cookie = cookies[name];
    expect(cookie, name).toBeDefined();
    expect(cookie!.path, name).toBe('/');
    expect(cookie!.sameSite, name).toBe('Lax');
    const days = (cookie!.expires - now) / 86_400;
    expect(days, `${name} lifetime in days`).toBeGreaterThan(CONSENT_DAYS - 1);
    expect(days, `${name} lifetime in days`).toBeLessThanOrEqual(CONSENT_DAYS);
  }
}

/** The page's tag-manager data layer (null when nothing was ever pushed). */
function dataLayer(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer ?? null);
}

/** Is the focused element inside the open settings dialog? */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
}

/** Headers of an anonymous call (spec §6). */
function anonymousHeaders(config: NodeConfiguration): Record<string, string> {
  return { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` };
}

/** A server session of `player` for checking the API: their Id_User and an access token. */
async function apiSession(request: APIRequestContext, config: NodeConfiguration, player: TestPlayer) {
  const login = await request.post(`${config.accountApiUrl}log/log-in`, {
    headers: anonymousHeaders(config),
    data: { UsernameOrEmail: player.username, Password: player.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { Created } = (await login.json()) as { Created: string };
  const token = await request.get(`${config.accountApiUrl}token/${encodeURIComponent(Created)}`, {
    headers: anonymousHeaders(config),
  });
  expect(token.status(), await token.text()).toBe(200);
  const { Value, Id_User } = (await token.json()) as { Value: string; Id_User: string };
  const headers = { 'x-api-key': config.accountApiKey, authorization: `Bearer ${Value}` };
  return {
    /** GET cookie/user/{id} as `Name → IsAccepted`. */
    async choices(): Promise<Record<string, boolean>> {
      const res = await request.get(`${config.accountApiUrl}cookie/user/${Id_User}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      const list = (await res.json()) as Array<{ Name: string; IsAccepted: boolean }>;
      return Object.fromEntries(list.map((c) => [c.Name, c.IsAccepted]));
    },
    /** GET profile/user/{id} → IsCookiePopupSeen. */
    async popupSeen(): Promise<boolean> {
      const res = await request.get(`${config.accountApiUrl}profile/user/${Id_User}`, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { IsCookiePopupSeen: boolean }).IsCookiePopupSeen;
    },
  };
}

/** The server record of a player who has not chosen yet. */
const NOTHING_ACCEPTED = {
  'Necessary cookies': true,
  'Analytical cookies': false,
  'Marketing cookies': false,
};

/** Records, in the page, whether the consent banner was ever shown (from the first document on). */
async function watchForBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as Window & { consentBannerShown?: boolean };
    w.consentBannerShown = false;
    new MutationObserver(() => {
      if (document.querySelector('section h2')?.textContent === 'Your cookie choices')
        w.consentBannerShown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

test.describe('cookie consent', () => {
  test('a visitor gets the banner; Accept all writes the consent cookies for 365 days', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await settled(page);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole('heading', { level: 2 })).toHaveText('Your cookie choices');
    expect(await consentValues(context)).toEqual(['', '', '']);
    await expectNoAxeViolations(page, 'home with the consent banner');

    // The banner does not hide the page: the footer's control is reachable and not covered.
    await page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Manage cookies' })
      .scrollIntoViewIfNeeded();
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Manage cookies' }),
    ).toBeInViewport();

    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await consentValues(context)).toEqual(['1', '1', '1']);
    await expectConsentCookieAttributes(context);
    // Focus is not lost with the banner's buttons: it goes to the page's main content.
    await expect(page.locator('#main')).toBeFocused();

    await page.reload();
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/login');
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
  });

  test('Reject all writes analytics 0, and no page view reaches the data layer', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await settled(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await consentValues(context)).toEqual(['1', '0', '0']);
    await expectConsentCookieAttributes(context);
    expect(await dataLayer(page)).toBeNull();
    await page.reload();
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await dataLayer(page)).toBeNull();
  });

  test('Settings: one switch per category, focus kept in the dialog, Escape closes, Confirm writes the cookies', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await settled(page);
    const open = banner(page).getByRole('button', { name: 'Settings', exact: true });
    await open.click();
    const dialog = settingsDialog(page);
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('switch', { name: 'Necessary cookies' });
    const analytics = dialog.getByRole('switch', { name: 'Analytical cookies' });
    const marketing = dialog.getByRole('switch', { name: 'Marketing cookies' });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expect(analytics).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    await expect(analytics).toHaveAccessibleDescription(/understand how the site is used/);
    await expect(dialog.getByRole('switch')).toHaveCount(3);
    await expectNoAxeViolations(page, 'cookie settings dialog');

    // Focus stays inside the modal dialog while tabbing around.
    expect(await focusInDialog(page)).toBe(true);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(page), `focus after key ${i + 1}`).toBe(true);
    }
    // Escape closes without a choice and returns focus to Settings.
    await marketing.check();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(await consentValues(context)).toEqual(['', '', '']);

    // Reopened, the switches start afresh; the keyboard works them (Space).
    await open.click();
    await expect(marketing).not.toBeChecked();
    await marketing.focus();
    await page.keyboard.press('Space');
    await expect(marketing).toBeChecked();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    expect(await consentValues(context)).toEqual(['1', '0', '1']);
    await expectConsentCookieAttributes(context);

    // The footer's control reopens the settings with the choice made; Close returns focus to it.
    await page.reload();
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
    const control = page.getByRole('contentinfo').getByRole('button', { name: 'Manage cookies' });
    await control.click();
    await expect(dialog).toBeVisible();
    await expect(analytics).not.toBeChecked();
    await expect(marketing).toBeChecked();
    await analytics.check();
    await marketing.uncheck();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(control).toBeFocused();
    expect(await consentValues(context)).toEqual(['1', '0', '1']);
    await control.click();
    await analytics.check();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(control).toBeFocused();
    expect(await consentValues(context)).toEqual(['1', '1', '1']);
  });

  test("a logged-in player's choice is stored on the server, and their other browser is not asked again", async ({
    page,
    context,
    browser,
    request,
    baseURL,
    config,
  }) => {
    const player = await registerConfirmedPlayer(request, config);
    const server = await apiSession(request, config, player);
    expect(await server.choices()).toEqual(NOTHING_ACCEPTED);
    expect(await server.popupSeen()).toBe(false);

    await logInAs(context, config, baseURL!, player);
    await page.goto('/account');
    await settled(page);
    await expect(page).toHaveTitle('Account - My information');
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page, 'account with the consent banner');
    await banner(page).getByRole('button', { name: 'Settings', exact: true }).click();
    await settingsDialog(page).getByRole('switch', { name: 'Analytical cookies' }).check();
    await settingsDialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await consentValues(context)).toEqual(['1', '1', '0']);
    await expect.poll(() => server.choices()).toEqual({ ...NOTHING_ACCEPTED, 'Analytical cookies': true });
    await expect.poll(() => server.popupSeen()).toBe(true);

    // Another browser of the same player: the choice comes back from the server, no banner.
    const other = await browser.newContext({ baseURL });
    try {
      await watchForBanner(other);
      await logInAs(other, config, baseURL!, player);
      const otherPage = await other.newPage();
      await otherPage.goto('/account');
      await settled(otherPage);
      await expect.poll(() => consentValues(other)).toEqual(['1', '1', '0']);
      await expectConsentCookieAttributes(other);
      await expect(banner(otherPage)).toHaveCount(0);
      expect(
        await otherPage.evaluate(
          () => (window as Window & { consentBannerShown?: boolean }).consentBannerShown,
        ),
      ).toBe(false);

      // Accept all there is stored too.
      await otherPage.getByRole('contentinfo').getByRole('button', { name: 'Manage cookies' }).click();
      await expect(
        settingsDialog(otherPage).getByRole('switch', { name: 'Analytical cookies' }),
      ).toBeChecked();
      await settingsDialog(otherPage).getByRole('switch', { name: 'Marketing cookies' }).check();
      await settingsDialog(otherPage).getByRole('button', { name: 'Confirm' }).click();
      await expect
        .poll(() => server.choices())
        .toEqual({ ...NOTHING_ACCEPTED, 'Analytical cookies': true, 'Marketing cookies': true });
    } finally {
      await other.close();
    }
  });

  test('a choice made before logging in is stored when the player logs in', async ({
    page,
    context,
    request,
    baseURL,
    config,
  }) => {
    const player = await registerConfirmedPlayer(request, config);
    const server = await apiSession(request, config, player);

    await page.goto('/');
    await settled(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    expect(await consentValues(context)).toEqual(['1', '1', '1']);

    await logInAs(context, config, baseURL!, player);
    await page.goto('/account');
    await settled(page);
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(() => server.choices())
      .toEqual({ 'Necessary cookies': true, 'Analytical cookies': true, 'Marketing cookies': true });
    await expect.poll(() => server.popupSeen()).toBe(true);
  });

  test('the Cookies page switches change the server record and the consent cookies', async ({
    page,
    context,
    request,
    config,
    player,
  }) => {
    const server = await apiSession(request, config, player);

    await page.goto('/account');
    await settled(page);
    await page
      .getByRole('navigation', { name: /account/i })
      .getByRole('link', { name: 'Cookies', exact: true })
      .click();
    await expect(page).toHaveURL(/\/account\/cookies$/);
    await expect(page).toHaveTitle('Account - Cookies');
    const section = page.getByRole('region', { name: 'Cookies', exact: true });
    const analytics = section.getByRole('switch', { name: 'Analytical cookies' });
    const marketing = section.getByRole('switch', { name: 'Marketing cookies' });
    await expect(section.getByRole('switch', { name: 'Necessary cookies' })).toBeChecked();
    await expect(section.getByRole('switch', { name: 'Necessary cookies' })).toBeDisabled();
    await expect(analytics).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page, 'cookies page');

    await marketing.check();
    await expect(section.getByRole('status')).toHaveText('Your choice has been saved.');
    await expect.poll(() => server.choices()).toEqual({ ...NOTHING_ACCEPTED, 'Marketing cookies': true });
    expect(await consentValues(context)).toEqual(['1', '0', '1']);
    await expectConsentCookieAttributes(context);
    await expect(banner(page)).toHaveCount(0);
    await expect.poll(() => server.popupSeen()).toBe(true);

    await analytics.check();
    await expect
      .poll(() => server.choices())
      .toEqual({
        'Necessary cookies': true,
        'Analytical cookies': true,
        'Marketing cookies': true,
      });
    await expect.poll(() => consentValues(context)).toEqual(['1', '1', '1']);
    await marketing.uncheck();
    await expect.poll(() => server.choices()).toEqual({ ...NOTHING_ACCEPTED, 'Analytical cookies': true });
    await expect.poll(() => consentValues(context)).toEqual(['1', '1', '0']);
    await expectNoAxeViolations(page, 'cookies page after changes');

    // The page reads the record back after a reload.
    await page.reload();
    await settled(page);
    await expect(analytics).toBeChecked();
    await expect(marketing).not.toBeChecked();
  });
});
