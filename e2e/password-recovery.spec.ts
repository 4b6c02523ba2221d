/**
 * Password recovery journey (issue 5; spec §2 Password recovery: "Enter email, then a Sent page, then
 * the reset page (New password, Confirm), then Login"; §8): in `local` and TWO-POINT-STUDIOS a player
 * follows 'Forgot your password?' from Login, asks for a link, reads it in the mailbox, is refused a
 * mismatching confirmation, sets a new password, lands on Login with a notice and logs in with it; the
 * used link is refused. The partner environments, where these pages go Home, are in the route matrix.
 * axe on every page.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMailMatching } from './support/mailbox.ts';
import { logInStatus, registerConfirmedPlayer } from './support/session.ts';

test('a player resets a forgotten password through the mailed link', async ({
  page,
  request,
  baseURL,
  config,
}) => {
  const player = await registerConfirmedPlayer(request, config);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password-recovery$/);
  await expectNoAxeViolations(page, 'password recovery');
  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/password-recovery\/sent$/);
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  await expectNoAxeViolations(page, 'password recovery sent');

  const mail = await waitForMailMatching(player.email, /reset your .* password/i);
  const link = firstLink(mail.text, `${baseURL}/password-recovery/reset?token=`);
  await page.goto(link);
  // The token leaves the address bar (DESIGN.md §5).
  await expect(page).toHaveURL(/\/password-recovery\/reset$/);
  const newPassword = 'Recovered2025Pw';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm', { exact: true }).fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await expectNoAxeViolations(page, 'reset with an error');
  await page.getByLabel('Confirm', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed, you can log in with it.')).toBeVisible();
  expect(await logInStatus(request, config, player.username, newPassword)).toBe(200);
  expect(await logInStatus(request, config, player.username, player.password)).toBe(400);

  // The link works once: the general error shows above the form.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another2025Pw');
  await page.getByLabel('Confirm', { exact: true }).fill('Another2025Pw');
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page.getByText('Your link is invalid.')).toBeVisible();
});
