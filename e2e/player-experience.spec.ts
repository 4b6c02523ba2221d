/**
 * The shell's accessibility and the phone layout (issue 19 §6, §8), in the journey deployments:
 * - after a client-side navigation focus is on the new page's h1 (tabindex=-1), not on the first load
 *   (nor on its redirects); a page that moves focus itself keeps it;
 * - while the cookie banner is shown it comes first in the Tab order (before the skip link), though it
 *   is drawn at the bottom of the viewport on a desktop;
 * - on a 375×667 phone the banner covers none of a page's main actions (bounding boxes, before and
 *   after scrolling them into view): it is drawn in place at the top of the page;
 * - on a phone the account side list collapses behind a button naming the current section.
 * axe on every page reached.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const PHONE = { width: 375, height: 667 };

function cookieBanner(page: Page): Locator {
  return page.getByRole('region', { name: 'Your cookie choices' });
}

/** The page has rendered its route and nothing loads any more (the header's Loading is empty). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('');
}

/** Do two boxes overlap (share more than an edge)? */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** `target` is not under the banner now, nor once scrolled into view (and then fully visible). */
async function expectNotCovered(page: Page, target: Locator, label: string): Promise<void> {
  const banner = cookieBanner(page);
  for (const moment of ['as the page opens', 'scrolled into view']) {
    if (moment === 'scrolled into view') {
      await target.scrollIntoViewIfNeeded();
      await expect(target, label).toBeInViewport({ ratio: 1 });
    }
    const [bannerBox, targetBox] = [await banner.boundingBox(), await target.boundingBox()];
    expect(bannerBox, 'the banner is shown').not.toBeNull();
    expect(overlap(bannerBox!, targetBox!), `${label} under the cookie banner ${moment}`).toBe(false);
  }
}

test("after a navigation focus is on the new page's heading, not on the first load", async ({ page }) => {
  await page.goto('/');
  await settled(page);
  // First load: the browser starts at the top of the page, nothing focused.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const login = page.getByRole('heading', { level: 1, name: 'Log in' });
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('tabindex', '-1');
  // The heading is not in the Tab order: the next Tab goes on into the form.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('form') !== null)).toBe(true);
  await expectNoAxeViolations(page, 'login reached from Home');
});

test('in the account area too: by keyboard on the side list, and back with the browser', async ({
  page,
  player,
}) => {
  // A logged-in player's Home sends them to the account: part of the first load, focus stays put.
  await page.goto('/');
  await expect(page).toHaveURL(/\/account$/);
  await settled(page);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  const nav = page.getByRole('navigation', { name: 'Account sections' });
  await nav.getByRole('link', { name: 'Blocked Users' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/blocked-users-management$/);
  const username = page.getByRole('heading', { level: 1, name: player.username });
  await expect(username).toBeFocused();
  await page.goBack();
  await expect(page).toHaveURL(/\/account$/);
  await expect(username).toBeFocused();
  await expectNoAxeViolations(page, 'my information reached back');
});

test('a page that moves focus itself keeps it', async ({ page, player: _player }) => {
  // `player`: the fixture registered and logged in a fresh player.
  await page.goto('/account');
  await settled(page);
  // The deletion request focuses the heading of its step as the step appears (deletion.spec.ts).
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Deletion Request' })
    .click();
  await expect(page).toHaveURL(/\/account\/deletion-request$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Confirm it is you' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
});

test('while the cookie banner is shown it comes first in the Tab order', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await settled(page);
  const banner = cookieBanner(page);
  await expect(banner).toBeVisible();
  // Drawn at the bottom of the viewport…
  const box = (await banner.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(800);
  // …and first in the Tab order: its three buttons, then the skip link.
  for (const name of ['Accept all', 'Reject all', 'Settings']) {
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name })).toBeFocused();
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectNoAxeViolations(page, 'login with the cookie banner');

  // Once a choice is made the banner is gone: the skip link comes first.
  await banner.getByRole('button', { name: 'Reject all' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await settled(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
});

test('on a 375 px phone the cookie banner covers none of the main actions', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await settled(page);
  await expect(cookieBanner(page)).toBeVisible();
  const main = page.getByRole('main');
  await expectNotCovered(page, main.getByRole('link', { name: 'Log in' }), 'Home: Log in');
  await expectNotCovered(
    page,
    main.getByRole('link', { name: 'Create an account' }),
    'Home: Create an account',
  );
  await expectNoAxeViolations(page, 'home on a phone with the cookie banner');
  // Still first in the Tab order.
  await page.keyboard.press('Tab');
  await expect(cookieBanner(page).getByRole('button', { name: 'Accept all' })).toBeFocused();

  // The form pages: their submit button (Login, Register or its access key, Password recovery).
  for (const path of ['/login', '/register', '/password-recovery']) {
    await page.goto(path);
    await settled(page);
    await expectNotCovered(page, main.locator('form button[type="submit"]').first(), `${path}: submit`);
  }
  await expectNoAxeViolations(page, 'password recovery on a phone with the cookie banner');
});

test('on a phone the account side list collapses behind a button naming the section', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  await page.setViewportSize(PHONE);
  await page.goto('/account/blocked-users-management');
  await settled(page);
  const nav = page.getByRole('navigation', { name: 'Account sections' });
  const toggle = nav.getByRole('button', { name: /^Account sections/ });
  await expect(toggle).toHaveAccessibleName('Account sections: Blocked Users');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link')).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'My information' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Blocked Users' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, 'account side list open on a phone');
  await nav.getByRole('link', { name: 'My information' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAccessibleName('Account sections: My information');
  await expect(nav.getByRole('link')).toHaveCount(0);

  // On a wider screen the list is always shown and the button is gone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(nav.getByRole('link', { name: 'My information' })).toBeVisible();
});
