/**
 * Visibility of the captcha and tag-manager flags (spec §1 flags, §4), in every deployment:
 * - enable captcha: the login form (outside the partner environments, whose /login leaves for the
 *   partner) and the partner 'Confirm username' form carry the captcha notice only where it is on;
 * - tag manager: page views reach `window.dataLayer` only where it is on AND the player gave analytics
 *   consent (consent_analytics=1), never without consent.
 * The expectations come from the table below, written from the deployments' flags (e2e/support/ports.ts).
 */
import { expect, test, type Page } from '@playwright/test';

/** Deployments with the flag on; every other deployment has it off (the default). */
const CAPTCHA_ON = new Set(['local-flags-on']);
const TAG_MANAGER_ON = new Set(['local-flags-on']);
const PARTNER = new Set(['creative-assembly', 'focus']);

function captchaNotice(page: Page) {
  return page.getByText('This form is protected by reCAPTCHA', { exact: false });
}

/**
 * The page has run its layout effects: the title effect runs just before the tag-manager effect in the
 * same layout, so once the route title shows, a page view would already be pushed.
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Account - /);
}

async function dataLayer(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as Window & { dataLayer?: unknown[] }).dataLayer ?? null);
}

test('the captcha notice shows on the login and register forms only where the captcha is on', async ({
  page,
}, info) => {
  const on = CAPTCHA_ON.has(info.project.name);
  await page.goto('/oauth/partner/register?username=NewPartnerPlayer&state=s1');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm username' })).toBeVisible();
  await expect(captchaNotice(page)).toHaveCount(on ? 1 : 0);
  if (on) await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  if (!PARTNER.has(info.project.name)) {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(captchaNotice(page)).toHaveCount(on ? 1 : 0);
  }
});

test('tag-manager page views need the flag and analytics consent', async ({ page, context }, info) => {
  const on = TAG_MANAGER_ON.has(info.project.name);
  await page.goto('/errors/not-found');
  await settled(page);
  expect(await dataLayer(page), 'no consent: nothing pushed').toBeNull();

  const url = new URL(info.project.use.baseURL ?? '');
  await context.addCookies([{ name: 'consent_analytics', value: '1', domain: url.hostname, path: '/' }]);
  await page.goto('/errors/not-found?message=x');
  await settled(page);
  if (on)
    await expect
      .poll(() => dataLayer(page))
      .toEqual([{ event: 'page_view', page_path: '/errors/not-found' }]);
  else expect(await dataLayer(page)).toBeNull();
});
