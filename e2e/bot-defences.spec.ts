/**
 * Bot defences on Register (issue 5; spec §4 Register: "if the hidden Additional field is set, nothing
 * is sent. A filled UsageNameHoneyPot also blocks"; "a submit within 15 s of page load is refused with
 * the too-fast message"), in `local` and TWO-POINT-STUDIOS (both apply the too-fast rule):
 * - a submit under 15 s shows 'Sorry, you are too fast for us!…' and creates nothing; after 15 s the
 *   same form goes through;
 * - ticking the hidden Additional checkbox sends nothing at all, yet looks like success;
 * - filling the hidden UsageNameHoneyPot field is refused by the server (REGISTER_INVALID).
 * No account exists afterwards for the refused names (log/identify answers ERROR_USER_NOT_EXISTS).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { TOO_FAST_WAIT_MS, fillRegisterForm, uniqueName } from './support/register-form.ts';
import type { NodeConfiguration } from './support/session.ts';

/** Opens Register and waits for its form; returns when the page's 15 s clock started (ms). */
async function openRegister(page: Page): Promise<number> {
  await page.goto('/register');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  return Date.now();
}

/** Does log/identify know `username`? */
async function exists(page: Page, config: NodeConfiguration, username: string): Promise<boolean> {
  const response = await page.request.post(`${config.accountApiUrl}log/identify`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` },
    data: { UsernameOrEmail: username },
  });
  return response.status() === 200;
}

const submit = (page: Page) => page.getByRole('button', { name: 'Create my account' }).click();

test('a submit under 15 seconds is refused as too fast, and goes through afterwards', async ({
  page,
  config,
}) => {
  const twoPoint = config.environmentName === 'TWO-POINT-STUDIOS';
  const username = uniqueName();
  const openedAt = await openRegister(page);
  await fillRegisterForm(page, username, `${username.toLowerCase()}@players.test`, twoPoint);
  expect(Date.now() - openedAt).toBeLessThan(15_000);
  await submit(page);
  await expect(
    page.getByText('Sorry, you are too fast for us! Please retry in a few seconds.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'register too fast');
  expect(await exists(page, config, username)).toBe(false);

  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - openedAt)));
  await submit(page);
  await expect(page).toHaveURL(/\/register\/confirm$/);
  expect(await exists(page, config, username)).toBe(true);
});

test('the hidden Additional checkbox sends nothing, the hidden name field is refused', async ({
  page,
  config,
}) => {
  const twoPoint = config.environmentName === 'TWO-POINT-STUDIOS';
  const registerCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/register/new-user')) registerCalls.push(request.method());
  });

  // Additional ticked (as a bot does): nothing is sent, and it looks like success.
  const trapped = uniqueName();
  await openRegister(page);
  await fillRegisterForm(page, trapped, `${trapped.toLowerCase()}@players.test`, twoPoint);
  // Off-screen and out of the tab order: a script ticks it, as a bot does.
  await page.locator('input[name="Additional"]').evaluate((box: HTMLInputElement) => box.click());
  await expect(page.locator('input[name="Additional"]')).toBeChecked();
  await submit(page);
  await expect(page).toHaveURL(/\/register\/confirm$/);
  expect(registerCalls).toEqual([]);
  expect(await exists(page, config, trapped)).toBe(false);

  // UsageNameHoneyPot filled: sent after 15 s, refused by the server.
  const honey = uniqueName();
  const openedAt = await openRegister(page);
  await fillRegisterForm(page, honey, `${honey.toLowerCase()}@players.test`, twoPoint);
  await page.locator('input[name="UsageNameHoneyPot"]').fill('bot', { force: true });
  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - openedAt)));
  await submit(page);
  await expect(page.getByText('Not allowed to create an account.')).toBeVisible();
  expect(registerCalls).toEqual(['POST']);
  expect(await exists(page, config, honey)).toBe(false);
});
