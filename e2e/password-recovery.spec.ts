/**
 * Password recovery journey (issue 5; spec §2 Password recovery: "Enter email, then a Sent page, then
 * the reset page (New password, Confirm), then Login"; §8): in `local` and TWO-POINT-STUDIOS a player
 * follows 'Forgot your password?' from Login, asks for a link, reads it in the mailbox, is refused a
 * mismatching confirmation, sets a new password, lands on Login with a notice and logs in with it; the
 * used link says so as the page opens (POST password/password-recovery-check) and offers a new one. An
 * expired link does the same, and the new link it leads to works. The partner environments, where
 * these pages go Home, are in the route matrix. axe on every page.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMailCount, waitForMailMatching } from './support/mailbox.ts';
import { expireRecoveryLinks } from './support/passing-time.ts';
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

  // The link works once: opened again, the page says so at once and offers a new link, not the form.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('Your link is invalid.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'reset with a used link');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/password-recovery$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
});

test('an expired link says so as it opens and leads to a new one, which works', async ({
  page,
  request,
  baseURL,
  config,
}, testInfo) => {
  const player = await registerConfirmedPlayer(request, config);
  await page.goto('/password-recovery');
  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/password-recovery\/sent$/);
  const expired = firstLink(
    (await waitForMailMatching(player.email, /reset your .* password/i)).text,
    `${baseURL}/password-recovery/reset?token=`,
  );
  // Its hour passes (the store's expiry moves back; nothing else changes).
  expireRecoveryLinks(testInfo.project.name, player.email);

  await page.goto(expired);
  await expect(page.getByRole('alert')).toContainText('Your link has expired.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'reset with an expired link');
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/password-recovery\/sent$/);

  // The third e-mail (after the verification and the expired link) holds the new link.
  const [newest] = await waitForMailCount(player.email, 3);
  const fresh = firstLink(newest.text, `${baseURL}/password-recovery/reset?token=`);
  expect(fresh).not.toBe(expired);
  await page.goto(fresh);
  const newPassword = 'Renewed2025Pw';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset my password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await logInStatus(request, config, player.username, newPassword)).toBe(200);
});
