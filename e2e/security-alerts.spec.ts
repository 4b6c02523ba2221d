/**
 * Security alerts journey (issue 22 §6), in `local` and `TWO-POINT-STUDIOS`: a player signed in on one
 * browser logs in from a fresh browser context — a new device — and the sandbox mailbox receives the
 * alert with its "This wasn't me" link; following it, the page says what securing does, the player
 * confirms, the page shows what was done, the first browser's session is signed out, and the recovery
 * e-mail arrives. The same in French for a player whose saved language is French (alert, page, recovery
 * mail). axe on every page reached.
 *
 * Each other alert reaches the sandbox mailbox, with its device, IP address and "This wasn't me" link:
 * - the password changed on the account's page — its link, followed from another browser, secures the
 *   account (signed out, recovery mail);
 * - the e-mail address changed — told to the old address, in the mail that also holds the undo link;
 * - an authenticator app set up (second factor added), a log-in with a recovery code (recovery code
 *   used, and a new device), the app removed (second factor removed);
 * - in French, the second factor added for a player whose saved language is French.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFrenchMail, expectNoEnglish } from './support/english-text.ts';
import { firstLink, waitForMailMatching } from './support/mailbox.ts';
import { logInAs, nodeConfiguration, registerConfirmedPlayer, type TestPlayer } from './support/session.ts';

/** A fresh browser context (a device the account has never been used on) with `player` logged in. */
async function newDevice(
  browser: Browser,
  config: Awaited<ReturnType<typeof nodeConfiguration>>,
  baseURL: string,
  player: TestPlayer,
  locale = 'en-US',
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale });
  await logInAs(context, config, baseURL, player);
  return context;
}

/** Whether `page`'s player is still signed in: /account shows, else the guard sends it Home. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/$/);
}

test('a new device\'s log-in is announced, and "This wasn\'t me" signs every session out', async ({
  browser,
  context,
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  // The first log-in after registration is not announced; it makes this browser a known device.
  await logInAs(context, config, baseURL!, player);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account$/);

  const other = await newDevice(browser, config, baseURL!, player);
  const alert = await waitForMailMatching(player.email, /^New sign-in to your .* account$/);
  expect(alert.text).toMatch(/Device: .+/);
  expect(alert.text).toContain('IP address: ');
  const link = firstLink(alert.text, `${baseURL}/secure-account?token=`);

  const secure = await other.newPage();
  await secure.goto(link);
  await expect(secure.getByRole('heading', { name: 'Secure your account' })).toBeVisible();
  await expect(secure).toHaveTitle('Account - Secure your account');
  // The token leaves the address bar.
  await expect(secure).toHaveURL(/\/secure-account$/);
  await expectNoAxeViolations(secure, 'secure account');
  await secure.getByRole('button', { name: 'Secure my account' }).click();
  await expect(secure.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  await expect(secure.getByRole('main').getByRole('status')).toContainText('You were signed out everywhere.');
  await expectNoAxeViolations(secure, 'secure account, done');

  // The first browser's session is over; a recovery link was sent.
  await expectSignedOut(page);
  await waitForMailMatching(player.email, /^Reset your .* password$/);

  // The link works once.
  await secure.goto(link);
  await secure.getByRole('button', { name: 'Secure my account' }).click();
  await expect(secure.getByRole('alert')).toHaveText('Your link is invalid.');
  await expectNoAxeViolations(secure, 'secure account, used link');
  await other.close();
});

test('in French: the alert, the page and the recovery e-mail', async ({ browser, playwright, baseURL }) => {
  const french = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
  });
  const config = await nodeConfiguration(french, baseURL!);
  // Registered in French: the saved language of the account.
  const player = await registerConfirmedPlayer(french, config);
  const first = await newDevice(browser, config, baseURL!, player, 'fr-FR');
  const second = await newDevice(browser, config, baseURL!, player, 'fr-FR');
  const alert = await waitForMailMatching(player.email, /^Nouvelle connexion à votre compte /);
  expectFrenchMail(alert);
  const page = await second.newPage();
  await page.goto(firstLink(alert.text, `${baseURL}/secure-account?token=`));
  await expect(page.getByRole('heading', { name: 'Sécuriser votre compte' })).toBeVisible();
  await expectNoEnglish(page, 'secure account in French');
  await expectNoAxeViolations(page, 'secure account in French');
  await page.getByRole('button', { name: 'Sécuriser mon compte' }).click();
  await expect(page.getByRole('heading', { name: 'Votre compte est sécurisé' })).toBeVisible();
  await expectNoEnglish(page, 'secure account in French, done');
  expectFrenchMail(await waitForMailMatching(player.email, /^Réinitialisez votre mot de passe /));
  await first.close();
  await second.close();
  await french.dispose();
});

/**
 * Waits for the alert whose subject matches `subject` in `to`'s mailbox and checks what every alert
 * tells: the device and the IP address of the event, and the "This wasn't me" link.
 * @returns the mail and its "This wasn't me" link
 */
async function expectAlert(to: string, subject: RegExp, baseURL: string) {
  const mail = await waitForMailMatching(to, subject);
  expect(mail.text).toMatch(/Device: .+/);
  expect(mail.text).toContain('IP address: ');
  expect(mail.text).toMatch(/this was not me: secure my account/i);
  return { mail, link: firstLink(mail.text, `${baseURL}/secure-account?token=`) };
}

/** The app's code `steps` 30-second steps from now (as second-factor.spec.ts). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('a password change is announced, and its "This wasn\'t me" link secures the account', async ({
  browser,
  context,
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  await logInAs(context, config, baseURL!, player);
  const newPassword = 'Changed2025Pass';
  await page.goto('/account/reset-password');
  // TWO-POINT-STUDIOS's page asks the old password itself (reauthentication.spec.ts).
  if (config.environmentName === 'TWO-POINT-STUDIOS')
    await page.getByLabel('Old password').fill(player.password);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);

  const { link } = await expectAlert(player.email, /^Your .* password was changed$/, baseURL!);
  // Followed from another browser (the mail may be read anywhere): the account is secured.
  const elsewhere = await browser.newContext({ baseURL });
  const secure = await elsewhere.newPage();
  await secure.goto(link);
  await expect(secure.getByRole('heading', { name: 'Secure your account' })).toBeVisible();
  await secure.getByRole('button', { name: 'Secure my account' }).click();
  await expect(secure.getByRole('heading', { name: 'Your account is secured' })).toBeVisible();
  await expectSignedOut(page);
  await waitForMailMatching(player.email, /^Reset your .* password$/);
  await elsewhere.close();
});

test('an e-mail change is announced to the old address, with its "This wasn\'t me" link', async ({
  context,
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  await logInAs(context, config, baseURL!, player);
  const newAddress = `moved.${player.email}`;
  // TWO-POINT-STUDIOS hides the e-mail section (update-email.spec.ts), but the page works there too.
  await page.goto('/account/update-email');
  await page.getByLabel('New email').fill(newAddress);
  await page.getByLabel('Confirm email').pressSequentially(newAddress);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: newAddress })).toBeVisible();
  const confirm = await waitForMailMatching(newAddress, /confirm your new/i);
  await page.goto(firstLink(confirm.text, `${baseURL}/account/update-email/confirm?uid=`));
  await expect(page).toHaveURL(/\/account\/update-email\/success$/);

  // One mail to the old address: the change's undo link and the alert's "This wasn't me" link.
  const { mail } = await expectAlert(player.email, /^Your .* email address was changed$/, baseURL!);
  expect(mail.text).toContain(`${baseURL}/account/update-email/recovery?uid=`);
});

test('the second factor added, a recovery code used and the factor removed are each announced', async ({
  browser,
  context,
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const player = await registerConfirmedPlayer(request, config);
  await logInAs(context, config, baseURL!, player);

  // The authenticator app, set up as second-factor.spec.ts does.
  await page.goto('/account/security');
  const section = page.getByRole('region', { name: 'Authenticator app' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await section.locator('code').first().textContent()) ?? '';
  await section.getByLabel('Code from the app', { exact: true }).fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Confirm the code' }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('status')).toHaveText('The authenticator app is set up.');
  await expectAlert(player.email, /^A second factor was added to your .* account$/, baseURL!);

  // Another browser logs in with the password and a recovery code.
  const other = await browser.newContext({ baseURL });
  const login = await other.newPage();
  await login.goto('/login');
  await login.getByLabel('Username or email').fill(player.username);
  if (config.environmentName !== 'TWO-POINT-STUDIOS')
    await login.getByRole('button', { name: 'Next' }).click();
  await login.getByLabel('Password', { exact: true }).fill(player.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await login.getByLabel('Recovery code', { exact: true }).fill(recovery);
  await login.getByRole('button', { name: 'Verify' }).click();
  await expect(login).toHaveURL(/\/account$/);
  await expectAlert(player.email, /^A recovery code of your .* account was used$/, baseURL!);
  // It is a new device too.
  await expectAlert(player.email, /^New sign-in to your .* account$/, baseURL!);
  await other.close();

  // The first browser removes the app (its log-in is recent: no step-up).
  await page.goto('/account/security');
  await section.getByRole('button', { name: 'Remove the authenticator app' }).click();
  await expect(section.getByRole('status')).toHaveText('The authenticator app has been removed.');
  await expectAlert(player.email, /^A second factor was removed from your .* account$/, baseURL!);
});

test('in French: a second factor added is announced in French', async ({ browser, playwright, baseURL }) => {
  const french = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'accept-language': 'fr-FR,fr;q=0.9' },
  });
  const config = await nodeConfiguration(french, baseURL!);
  const player = await registerConfirmedPlayer(french, config);
  const context = await newDevice(browser, config, baseURL!, player, 'fr-FR');
  const page = await context.newPage();
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Configurer une application d’authentification' }).click();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  await page.getByLabel('Code de l’application', { exact: true }).fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Confirmer le code' }).click();
  await expect(page.getByRole('heading', { name: 'Vos codes de secours' })).toBeVisible();
  const alert = await waitForMailMatching(player.email, /^Un second facteur a été ajouté à votre compte /);
  expectFrenchMail(alert);
  firstLink(alert.text, `${baseURL}/secure-account?token=`);
  await context.close();
  await french.dispose();
});
