/**
 * Security alerts journey (issue 22 §6): a player signed in on one browser logs in from a fresh browser
 * context — a new device — and the sandbox mailbox receives the alert with its "This wasn't me" link;
 * following it, the page says what securing does, the player confirms, the page shows what was done,
 * the first browser's session is signed out, and the recovery e-mail arrives. The same in French for a
 * player whose saved language is French (alert, page, recovery mail). axe on every page reached.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
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
