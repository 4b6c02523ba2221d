/**
 * The authenticator app (issue 22 §1, §2, §4), in `local` and `TWO-POINT-STUDIOS`: a player sets up an
 * authenticator app on the Security page (the key read from the page, codes generated with otplib as
 * the app would), sees the ten recovery codes once and confirms saving them; then logs out and logs in
 * again with the password and a code, and from a new browser with a recovery code. axe on the enrolment
 * step (QR code, key and code field, before confirming), the set-up, the recovery codes and the log-in's
 * code step; in French, the step and the section have no English left.
 */
import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { logOut, type NodeConfiguration, type TestPlayer } from './support/session.ts';

/** The app's code `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Sets up the authenticator app on the Security page; with `axeLabel`, runs axe on the enrolment step
 * (QR code, key and code field) before confirming. @returns its key
 */
async function setUp(
  page: Page,
  labels: { set: string; code: string; confirm: string; qr: string },
  axeLabel?: string,
) {
  await page.goto('/account/security');
  await page.getByRole('button', { name: labels.set }).click();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('img', { name: labels.qr })).toBeVisible();
  await expect(page.getByLabel(labels.code, { exact: true })).toBeEditable();
  if (axeLabel) await expectNoAxeViolations(page, axeLabel);
  await page.getByLabel(labels.code, { exact: true }).fill(await codeAt(secret));
  await page.getByRole('button', { name: labels.confirm }).click();
  return secret;
}

/** The log-in of `player` in a new browser up to the code step (two steps, or one step). */
async function passwordStep(
  browser: Browser,
  baseURL: string,
  config: NodeConfiguration,
  player: TestPlayer,
  locale?: string,
) {
  const context = await browser.newContext({ baseURL, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  await logInUpToTheCode(page, config, player, locale === 'fr-FR');
  return { context, page };
}

/** The log-in of `player` on `page` up to the code step (two steps, or one step). */
async function logInUpToTheCode(page: Page, config: NodeConfiguration, player: TestPlayer, fr = false) {
  await page.goto('/login');
  await page.getByLabel(fr ? "Nom d'utilisateur ou e-mail" : 'Username or email').fill(player.username);
  if (config.environmentName !== 'TWO-POINT-STUDIOS') {
    await page.getByRole('button', { name: fr ? 'Suivant' : 'Next' }).click();
  }
  await page.getByLabel(fr ? 'Mot de passe' : 'Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: fr ? 'Se connecter' : 'Log in', exact: true }).click();
}

test('sets up an authenticator app, then logs in with a code and with a recovery code', async ({
  page,
  browser,
  baseURL,
  config,
  player,
}) => {
  const secret = await setUp(
    page,
    {
      set: 'Set up an authenticator app',
      code: 'Code from the app',
      confirm: 'Confirm the code',
      qr: 'QR code for your authenticator app',
    },
    'authenticator app, enrolment step',
  );
  const section = page.getByRole('region', { name: 'Authenticator app' });
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await expectNoAxeViolations(page, 'authenticator app, recovery codes');
  const done = section.getByRole('button', { name: 'Done' });
  await expect(done).toBeDisabled();
  await section.getByLabel('I have saved my recovery codes').check();
  await done.click();
  await expect(section.getByRole('status')).toHaveText('The authenticator app is set up.');
  await expect(section.getByText('10 recovery codes left.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'authenticator app, set up');

  // Log out, then log in again: the password, then a code of the app (the next step: the set-up used
  // this one).
  await logOut(page);
  await logInUpToTheCode(page, config, player);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const codeField = page.getByLabel('Code', { exact: true });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expectNoAxeViolations(page, 'log-in, code step');
  await codeField.fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A new browser: the password, then a recovery code.
  const second = await passwordStep(browser, baseURL!, config, player);
  await second.page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await second.page.getByLabel('Recovery code', { exact: true }).fill(recovery[0]);
  await expectNoAxeViolations(second.page, 'log-in, recovery code');
  await second.page.getByRole('button', { name: 'Verify' }).click();
  await expect(second.page).toHaveURL(/\/account$/);
  await second.context.close();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the set-up and the code step have no English left', async ({
    page,
    browser,
    baseURL,
    config,
    player,
  }) => {
    await setUp(page, {
      set: 'Configurer une application d’authentification',
      code: 'Code de l’application',
      confirm: 'Confirmer le code',
      qr: 'Code QR pour votre application d’authentification',
    });
    await expect(page.getByRole('heading', { name: 'Vos codes de secours' })).toBeVisible();
    await expectNoEnglish(page, 'authenticator app, recovery codes, French');
    await expectNoAxeViolations(page, 'authenticator app, French');
    const { context, page: login } = await passwordStep(browser, baseURL!, config, player, 'fr-FR');
    await expect(login.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
    await expectNoEnglish(login, 'log-in code step, French');
    await expectNoAxeViolations(login, 'log-in code step, French');
    await context.close();
  });
});
