/**
 * Account journeys (issue 4; spec §2 My information, Update username, Password reset in the account):
 * in `local` and `TWO-POINT-STUDIOS` (which asks the Old password and has the studio password rule) a
 * player renames themself and changes their password through the pages, sees the server's errors
 * under the fields, and afterwards logs in with the new name and password only. The partner
 * environments, where these pages go Home, are covered by the route matrix. axe on every page.
 */
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInStatus } from './support/session.ts';

function updateButton(page: Page, section: string) {
  return page.getByRole('region', { name: section }).getByRole('button', { name: 'Update' });
}

test('a player renames themself and changes their password from My information', async ({
  page,
  request,
  config,
  player,
}) => {
  const twoPoint = config.environmentName === 'TWO-POINT-STUDIOS';

  await page.goto('/account');
  await expect(page).toHaveTitle('Account - My information');
  const usernameSection = page.getByRole('region', { name: 'Username' });
  await expect(usernameSection).toContainText(player.username);
  await expectNoAxeViolations(page, 'my information');

  // Update username: a refused name first, then a good one.
  await updateButton(page, 'Username').click();
  await expect(page).toHaveURL(/\/account\/update-username$/);
  await expect(page).toHaveTitle('Account - Update username');
  const newName = page.getByLabel('New username');
  await newName.fill('no spaces allowed');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your username may contain letters and numbers only.')).toBeVisible();
  await expect(newName).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'update username with an error');
  const renamed = `R${player.username}`.slice(0, 25);
  await newName.fill(renamed);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(usernameSection).toContainText(renamed);

  // Change password: a mismatching confirmation first, then the real change.
  await updateButton(page, 'Password').click();
  await expect(page).toHaveURL(/\/account\/reset-password$/);
  await expect(page).toHaveTitle('Account - Change password');
  await expect(page.getByLabel('Old password')).toHaveCount(twoPoint ? 1 : 0);
  const newPassword = 'Changed2025Pass';
  if (twoPoint) await page.getByLabel('Old password').fill(player.password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await expectNoAxeViolations(page, 'change password with an error');
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Account - My information');

  expect(await logInStatus(request, config, renamed, newPassword)).toBe(200);
  expect(await logInStatus(request, config, renamed, player.password)).toBe(400);
  expect(await logInStatus(request, config, player.username, newPassword)).toBe(400);
});
