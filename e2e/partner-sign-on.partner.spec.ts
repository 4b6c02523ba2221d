/**
 * The partner studio's sign-on as a player does it (issue 7 acceptance; spec §2 /login, /oauth/partner,
 * /oauth/partner/register; §4 Register "Partner registration flow", Logout): in FOCUS, /login leaves for
 * the studio's sign-in page (the sandbox's Focus ID); a new player creates an account there, comes back
 * to 'Confirm username', confirms and lands signed in; logging out clears the identity cookie and the
 * studio's sign-on cookie; signing in again goes straight through. Runs where `partnerSuites` is set
 * (e2e/support/ports.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { E2E } from './support/ports.ts';

const PASSWORD = 'Partner2024!';
const IDENTITY_COOKIE = '_g2g_identity_';
const STUDIO_COOKIE = '_g2g_partner_focus_';

/** Names of the browser's cookies for the portal's address. */
async function cookieNames(page: Page, baseURL: string): Promise<string[]> {
  return (await page.context().cookies(baseURL)).map((cookie) => cookie.name);
}

test('a new player signs in at the studio, confirms a username, lands signed in, logs out and comes straight back', async ({
  page,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const partnerName = `focus${suffix}`;
  const email = `focus.${suffix}@focus.test`;

  await page.goto('/login');
  await page.waitForURL((url) => url.origin === E2E.sandboxUrl && url.pathname.includes('/interaction/'));
  const create = page.getByRole('form', { name: 'Create a test account' });
  await create.getByLabel('Username').fill(partnerName);
  await create.getByLabel('Email', { exact: true }).fill(email);
  await create.getByLabel('Password').fill(PASSWORD);
  await create.getByRole('button', { name: 'Create account and sign in' }).click();

  await expect(page).toHaveURL(/\/oauth\/partner\/register\?/);
  await expect(page.getByRole('heading', { name: 'Confirm username' })).toBeVisible();
  const usernameField = page.getByRole('textbox', { name: 'Username' });
  const emailField = page.getByRole('textbox', { name: 'Email' });
  await expect(usernameField).toHaveValue(partnerName);
  await expect(emailField).toHaveValue(email);
  await expect(emailField).not.toBeEditable();
  await expectNoAxeViolations(page, 'Confirm username');
  // Nothing is sent without the consents: each one says so under its box.
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You must accept the privacy policy.')).toBeVisible();
  const username = `Fp${suffix}`;
  await usernameField.fill(username);
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByLabel('I accept the terms of use (EULA)').check();
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(username).first()).toBeVisible();
  expect(await cookieNames(page, baseURL!)).toEqual(expect.arrayContaining([IDENTITY_COOKIE, STUDIO_COOKIE]));

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  const after = await cookieNames(page, baseURL!);
  expect(after).not.toContain(IDENTITY_COOKIE);
  expect(after).not.toContain(STUDIO_COOKIE);

  // A returning player: the studio signs them in, and the portal knows them (no Confirm username).
  await page.goto('/login');
  await page.waitForURL((url) => url.origin === E2E.sandboxUrl && url.pathname.includes('/interaction/'));
  const signIn = page.getByRole('form', { name: 'Sign in to Focus ID' });
  await signIn.getByLabel('Username or email').fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(username).first()).toBeVisible();
});

test('a studio account whose e-mail is not verified lands on the Unverified-account page', async ({
  page,
}) => {
  await page.goto('/login');
  await page.waitForURL((url) => url.origin === E2E.sandboxUrl && url.pathname.includes('/interaction/'));
  const signIn = page.getByRole('form', { name: 'Sign in to Focus ID' });
  await signIn.getByLabel('Username or email').fill('focus-unverified');
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/unverified-account$/);
  await expect(page.getByRole('heading', { name: /account has not been verified/ })).toBeVisible();
  await expectNoAxeViolations(page, 'Unverified account after the partner sign-on');
});
