/**
 * E-mail update journey (issue 4; spec §2 My information, Update email; §4 Email update; §8): in `local`
 * a player asks for a new address from My information (the confirmation field refuses paste), follows
 * the link mailed to the new address to the success page and back to the account, which now shows the
 * new address masked; the old address received a notice, then a recovery link that restores it. A used
 * link lands on BadRequestError. In TWO-POINT-STUDIOS the e-mail section is hidden (spec §2) while the
 * page itself still works. The partner environments, where these pages go Home, are in the route
 * matrix. axe on every page.
 */
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMailMatching } from './support/mailbox.ts';
import { logInStatus } from './support/session.ts';

/** The link starting with `prefix` in the newest mail to `to` whose subject matches. */
async function linkFrom(to: string, subject: RegExp, prefix: string): Promise<string> {
  return firstLink((await waitForMailMatching(to, subject)).text, prefix);
}

/** Does pasting into `label` leave it empty (the paste is blocked)? */
async function pasteIsBlocked(page: Page, label: string): Promise<boolean> {
  const field = page.getByLabel(label);
  const prevented = await field.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'pasted@players.test');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    return !input.dispatchEvent(event);
  });
  return prevented && (await field.inputValue()) === '';
}

test('a player moves to a new address through the mailed link, and the old address can undo it', async ({
  page,
  request,
  baseURL,
  config,
  player,
}) => {
  await page.goto('/account');
  const emailSection = page.getByRole('region', { name: 'Email' });

  if (config.environmentName === 'TWO-POINT-STUDIOS') {
    // spec §2: TWO-POINT-STUDIOS hides the e-mail section; the update page is not offered.
    await expect(page.getByRole('region', { name: 'Username' })).toBeVisible();
    await expect(emailSection).toHaveCount(0);
    return;
  }

  await expect(emailSection).toContainText(`${player.email[0]}•••`);
  await emailSection.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/account\/update-email$/);
  await expect(page).toHaveTitle('Account - Update email');
  const newAddress = `moved.${player.email}`;

  // The server's errors show under the fields; the confirmation refuses paste.
  await page.getByLabel('New email').fill(player.email);
  await page.getByLabel('Confirm email').fill(player.email);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This is already your email address.')).toBeVisible();
  await expectNoAxeViolations(page, 'update email with an error');
  await page.getByLabel('New email').fill(newAddress);
  await page.getByLabel('Confirm email').fill('');
  expect(await pasteIsBlocked(page, 'Confirm email')).toBe(true);
  await page.getByLabel('Confirm email').pressSequentially(newAddress);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: newAddress })).toBeVisible();
  await expectNoAxeViolations(page, 'update email requested');

  // The new address gets the confirmation link; the old one a notice.
  const confirmLink = await linkFrom(
    newAddress,
    /confirm your new/i,
    `${baseURL}/account/update-email/confirm?uid=`,
  );
  await waitForMailMatching(player.email, /change of your .* email address was requested/i);
  await page.goto(confirmLink);
  await expect(page).toHaveURL(/\/account\/update-email\/success$/);
  await expect(
    page.getByRole('heading', { name: 'Your email has been successfully updated.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'update email success');
  await page.getByRole('link', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(emailSection).toContainText(
    `${newAddress[0]}•••${newAddress.slice(newAddress.indexOf('@') - 1)}`,
  );
  expect(await logInStatus(request, config, newAddress, player.password)).toBe(200);

  // A used link lands on BadRequestError with the catalogue's message (spec §8).
  await page.goto(confirmLink);
  await expect(page).toHaveURL(/\/errors\/bad-request\?message=ERROR_EMAIL_RECOVERY_NOTEXISTS/);
  await expect(page.getByText('Your link is invalid.')).toBeVisible();

  // The old address receives the recovery link; it restores the address, even in another browser.
  const recoveryLink = await linkFrom(
    player.email,
    /was changed/i,
    `${baseURL}/account/update-email/recovery?uid=`,
  );
  const strangerContext = await page.context().browser()!.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(recoveryLink);
  await expect(stranger).toHaveURL(/\/account\/update-email\/success$/);
  await strangerContext.close();
  expect(await logInStatus(request, config, player.email, player.password)).toBe(200);
  expect(await logInStatus(request, config, newAddress, player.password)).toBe(400);
});
