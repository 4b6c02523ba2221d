/**
 * The first player journey as a person does it (issue: register → confirm by e-mail → log in →
 * account → log out), in `local` (two-step login) and `TWO-POINT-STUDIOS` (one-step login and the
 * extra register fields). axe runs on every page reached.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMail, waitForMailCount } from './support/mailbox.ts';
import { PASSWORD, TOO_FAST_WAIT_MS, fillRegisterForm, uniqueName } from './support/register-form.ts';

test('a player registers, confirms by e-mail, logs in, sees the account and logs out', async ({
  page,
}, info) => {
  const twoPoint = info.project.metadata.environment === 'TWO-POINT-STUDIOS';
  const username = uniqueName();
  const email = `${username.toLowerCase()}@players.test`;

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
  await expectNoAxeViolations(page, 'home');

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Account - Register');
  // The page's 15 s clock starts when the (lazily loaded) form mounts: start ours once it shows.
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  const loadedAt = Date.now();
  await fillRegisterForm(page, username, email, twoPoint);
  await expectNoAxeViolations(page, 'register');
  // The too-fast rule (spec §4) refuses a submit within 15 s of page load: wait like a real player.
  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - loadedAt)));
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  await expect(page).toHaveURL(/\/register\/confirm$/);
  await expectNoAxeViolations(page, 'register confirm');

  const mail = await waitForMail(email);
  const origin = new URL(page.url()).origin;
  const link = firstLink(
    mail.text,
    twoPoint ? `${origin}/register/validate?verificationCode=` : `${origin}/confirm-email?uid=`,
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  // The single-use secret is gone from the address bar.
  expect(page.url()).not.toContain(new URL(link).search.slice(1));
  await expectNoAxeViolations(page, 'login after confirmation');

  if (twoPoint) {
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
  } else {
    await page.getByLabel('Username or email').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(username)).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Not you?' }).or(page.getByRole('button', { name: 'Not you?' })),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'login password step');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  const masked = `${email[0]}•••${email.slice(email.indexOf('@') - 1)}`;
  if (twoPoint) {
    // TWO-POINT-STUDIOS hides the e-mail section (spec §2 My information).
    await expect(page.getByText(masked)).toHaveCount(0);
  } else {
    await expect(page.getByText(masked)).toBeVisible();
  }
  const cookies = await page.context().cookies();
  const identity = cookies.find((c) => c.name === '_g2g_identity_');
  expect(identity?.sameSite).toBe('Strict');
  await expectNoAxeViolations(page, 'account');

  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.context().cookies()).find((c) => c.name === '_g2g_identity_')).toBeUndefined();
  await expectNoAxeViolations(page, 'home after logout');

  // The account now needs a new login.
  await page.goto('/account');
  await expect(page).not.toHaveURL(/\/account$/);
});

test('an unconfirmed player is told to confirm the e-mail address, asks for a new link and confirms with it', async ({
  page,
}, info) => {
  const twoPoint = info.project.metadata.environment === 'TWO-POINT-STUDIOS';
  const username = uniqueName();
  const email = `${username.toLowerCase()}@players.test`;
  await page.goto('/register');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  const loadedAt = Date.now();
  await fillRegisterForm(page, username, email, twoPoint);
  await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - loadedAt)));
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  if (!twoPoint) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('You must confirm your email address')).toBeVisible();
  await expect(page.locator('a[href="/confirm-email/send"]')).toBeVisible();
  await expectNoAxeViolations(page, 'login unconfirmed');

  // Resend (spec §2 /confirm-email/send: field Email, button Send, then ConfirmRegister).
  await page.locator('a[href="/confirm-email/send"]').click();
  await expect(page).toHaveURL(/\/confirm-email\/send$/);
  await expect(page).toHaveTitle('Account - Send confirmation email');
  await expectNoAxeViolations(page, 'send confirmation');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/register\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
  // The new mail's link confirms the account; the player then logs in.
  const [resent] = await waitForMailCount(email, 2);
  const origin = new URL(page.url()).origin;
  const link = firstLink(
    resent.text,
    twoPoint ? `${origin}/register/validate?verificationCode=` : `${origin}/confirm-email?uid=`,
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your email address is confirmed, you can log in.')).toBeVisible();
  await page.getByLabel('Username or email').fill(username);
  if (!twoPoint) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
});
