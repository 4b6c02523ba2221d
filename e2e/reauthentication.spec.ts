/**
 * Re-authentication for sensitive changes (issue 17 §2; DESIGN.md §5; docs/security.md
 * "Re-authentication"), as a player meets it: their log-in is older than the API's window (ten minutes
 * passed), so changing the password asks for the current one in a dialog on the same page — a wrong one
 * is refused there, the right one lets the change through; cancelling an e-mail change keeps the address
 * and says why. In TWO-POINT-STUDIOS the page's own Old password field is the proof: no dialog. axe on
 * the dialog.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { ageLogIns } from './support/passing-time.ts';
import { logInStatus } from './support/session.ts';

test('a player whose log-in is older than the window is asked for their password before the change goes through', async ({
  page,
  request,
  config,
  player,
}, testInfo) => {
  const newPassword = 'Renewed2025Pass';
  await page.goto('/account/reset-password');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await ageLogIns(testInfo.project.name, player.username, 600);

  if (config.environmentName === 'TWO-POINT-STUDIOS') {
    // The studio's Old password field proves the password with the change itself.
    await page.getByLabel('Old password').fill(player.password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await logInStatus(request, config, player.username, newPassword)).toBe(200);
    return;
  }

  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await expectNoAxeViolations(page, 'password confirmation dialog');
  // Nothing changed yet.
  expect(await logInStatus(request, config, player.username, newPassword)).toBe(400);

  await dialog.getByLabel('Current password').fill('Not1the2password');
  await dialog.getByRole('button', { name: 'Confirm password' }).click();
  await expect(dialog.getByText('Your password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm password' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/account$/);
  expect(await logInStatus(request, config, player.username, newPassword)).toBe(200);

  // Later, an e-mail change on an old log-in: the dialog again; cancelled, nothing changes and the page says why.
  await ageLogIns(testInfo.project.name, player.username, 600);
  await page.goto('/account/update-email');
  const moved = `moved.${player.email}`;
  await page.getByLabel('New email').fill(moved);
  await page.getByLabel('Confirm email').pressSequentially(moved);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Please confirm your password to make this change.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
});
