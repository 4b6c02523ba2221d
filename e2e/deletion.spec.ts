/**
 * Deletion journey (issue 4; spec §2 Deletion request; §4 Deletion): in `local` and TWO-POINT-STUDIOS a
 * player goes through the three steps — a wrong password is refused, 'Other' needs its free text,
 * Cancel on 'Are you sure?' starts everything again, Skip clears the reason — then deletes the account:
 * the deleted page shows, the identity cookie is gone, the account area sends them Home and their
 * credentials no longer log in. The environments where deletion differs (partner: no password step;
 * AVALANCHE: contact support; flag off) are in account-area.matrix.spec.ts. axe on every step.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { logInStatus } from './support/session.ts';

test('a player deletes their account in three steps', async ({
  page,
  context,
  request,
  baseURL,
  config,
  player,
}) => {
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Deletion Request' })
    .click();
  await expect(page).toHaveURL(/\/account\/deletion-request$/);
  await expect(page).toHaveTitle('Account - Deletion request');

  // Step 1: the password.
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Password').fill('NotMyPassword1');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your password is incorrect.')).toBeVisible();
  await expectNoAxeViolations(page, 'deletion step 1 with an error');
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Step 2: the server's reasons; 'Other' needs text.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(4);
  await page.getByRole('radio', { name: 'Other', exact: true }).check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please tell us your reason.')).toBeVisible();
  await page.getByLabel('Tell us more').fill('Taking a break from games');
  await expectNoAxeViolations(page, 'deletion step 2');
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Step 3: 'Are you sure?' with the player's card; Cancel resets everything.
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeFocused();
  await expect(
    page.getByRole('region', { name: 'Deletion request' }).getByText(player.username, { exact: true }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'deletion step 3');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveValue('');

  // Again, skipping the reason this time, then Delete.
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/deletion\/confirm$/);
  await expect(
    page.getByRole('heading', { name: 'Your account has been successfully deleted.' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'account deleted');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === '_g2g_identity_')).toBeUndefined();
  await page.getByRole('link', { name: 'Return to homepage' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/account');
  await expect(page).not.toHaveURL(/\/account$/);
  expect(await logInStatus(request, config, player.username, player.password)).toBe(400);
});
