/**
 * French, completely (issue 19 §7), in `local` and `TWO-POINT-STUDIOS`:
 * - a player whose browser speaks French (`fr-FR`) registers, confirms by e-mail, logs in and goes
 *   through the account pages (information, connections, newsletter, cookies, blocked users, survey,
 *   deletion): every page is French — no English text of the catalogues, the reference data or the
 *   page titles (support/english-text.ts) —, `<html lang="fr">`, the server's cookie categories,
 *   newsletter lists and deletion reasons French, and the e-mails in the sandbox mailbox French;
 * - the footer's switcher turns an English page French and back, remembers the choice on the device,
 *   makes the SPA ask the server for French whatever the browser says, and saves a signed-in player's
 *   language, which their e-mails then use even when asked for in English.
 * axe on every page reached.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectFrenchMail, expectNoEnglish } from './support/english-text.ts';
import { firstLink, waitForMail, waitForMailCount, waitForMailMatching } from './support/mailbox.ts';
import { PASSWORD, TOO_FAST_WAIT_MS, uniqueName } from './support/register-form.ts';

/** The page has rendered its route and nothing loads any more (the header's status is empty). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('');
}

/** Settled, French and accessible: the checks of every page of the journey. */
async function expectFrenchPage(page: Page, label: string): Promise<void> {
  await settled(page);
  await expectNoEnglish(page, label);
  await expectNoAxeViolations(page, label);
}

/** Opens the account section named `name` from the side list. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Rubriques du compte' }).getByRole('link', { name }).click();
}

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('registers, confirms, logs in and uses every account page in French, with French e-mails', async ({
    page,
    baseURL,
  }, info) => {
    const twoPoint = info.project.metadata.environment === 'TWO-POINT-STUDIOS';
    const username = uniqueName();
    const email = `${username.toLowerCase()}@players.test`;

    // Home, and the cookie banner with the server's categories in French.
    await page.goto('/');
    await expect(page).toHaveTitle('Compte - Accueil');
    await expectFrenchPage(page, 'home');
    await page
      .getByRole('region', { name: 'Vos choix en matière de cookies' })
      .getByRole('button', {
        name: 'Paramètres',
      })
      .click();
    const settings = page.getByRole('dialog', { name: 'Paramètres des cookies' });
    await expect(settings.getByRole('switch', { name: 'Cookies analytiques' })).toBeVisible();
    await expect(settings.getByRole('switch', { name: 'Cookies marketing' })).toBeVisible();
    await expectNoEnglish(page, 'cookie settings');
    await expectNoAxeViolations(page, 'cookie settings');
    await settings.getByRole('switch', { name: 'Cookies analytiques' }).check();
    await settings.getByRole('button', { name: 'Confirmer' }).click();
    await expect(settings).toBeHidden();

    // Register.
    await page.getByRole('link', { name: 'Créer un compte' }).first().click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page).toHaveTitle('Compte - Inscription');
    await expect(page.getByLabel("Nom d'utilisateur", { exact: true })).toBeVisible();
    const loadedAt = Date.now();
    await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(username);
    await page.getByLabel('Prénom').fill('Ada');
    if (twoPoint) {
      await page.getByLabel('Nom', { exact: true }).fill('Lovelace');
      await page.getByLabel('Date de naissance').pressSequentially('19901231');
    }
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel("Confirmer l'e-mail").pressSequentially(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmer le mot de passe').fill(PASSWORD);
    await page.getByLabel("J'accepte la politique de confidentialité").check();
    await page.getByLabel("J'accepte les conditions d'utilisation (CLUF)").check();
    if (twoPoint) await page.getByLabel("J'accepte le code de conduite").check();
    await page.getByLabel("M'abonner à la newsletter").check();
    await expectFrenchPage(page, 'register');
    await page.waitForTimeout(Math.max(0, TOO_FAST_WAIT_MS - (Date.now() - loadedAt)));
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page.getByRole('heading', { name: 'Consultez votre messagerie' })).toBeVisible();
    await expect(page).toHaveTitle('Compte - Consultez votre messagerie');
    await expectFrenchPage(page, 'register confirm');

    // The verification e-mail is French; its link confirms, then the login page says so in French.
    const verification = await waitForMail(email);
    expect(verification.subject).toMatch(/^Confirmez votre compte /);
    expectFrenchMail(verification);
    await page.goto(
      firstLink(
        verification.text,
        twoPoint ? `${baseURL}/register/validate?verificationCode=` : `${baseURL}/confirm-email?uid=`,
      ),
    );
    await expect(page).toHaveURL(/\/login/);
    await expect(
      page.getByText('Votre adresse e-mail est confirmée, vous pouvez vous connecter.'),
    ).toBeVisible();
    await expect(page).toHaveTitle('Compte - Connexion');
    await expectFrenchPage(page, 'login');

    await page.getByLabel("Nom d'utilisateur ou e-mail").fill(username);
    if (!twoPoint) {
      await page.getByRole('button', { name: 'Suivant' }).click();
      await expect(
        page
          .getByRole('button', { name: "Ce n'est pas vous ?" })
          .or(page.getByRole('link', { name: "Ce n'est pas vous ?" })),
      ).toBeVisible();
      await expectFrenchPage(page, 'login password step');
    }
    await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    // The account pages.
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    await expect(page).toHaveTitle('Compte - Mes informations');
    await expectFrenchPage(page, 'my information');

    await openSection(page, 'Connexions');
    await expect(page).toHaveTitle('Compte - Connexions');
    for (const provider of ['Steam', 'Twitch', 'Epic Games'])
      await expect(page.getByRole('button', { name: `Connecter ${provider}` })).toBeVisible();
    await expectFrenchPage(page, 'connections');

    await openSection(page, 'Sites connectés');
    await expect(page).toHaveTitle('Compte - Sites connectés');
    await expect(page.getByText("Aucun site n'a accès à votre compte.")).toBeVisible();
    await expectFrenchPage(page, 'connected sites');

    await openSection(page, 'Newsletter');
    await expect(page).toHaveTitle('Compte - Newsletter');
    const events = page.getByRole('switch', { name: 'Événements et concours' });
    await expect(page.getByRole('main').getByRole('switch')).toHaveCount(3);
    await expect(events).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Actualités de la communauté' })).toBeChecked();
    await expectFrenchPage(page, 'newsletter');
    await events.click();
    await expect(events).not.toBeChecked();
    await events.click();
    await expect(events).toBeChecked();
    const joined = await waitForMailMatching(email, /Événements et concours/);
    expect(joined.subject).toBe('Vous êtes abonné à Événements et concours');
    expectFrenchMail(joined);

    await openSection(page, 'Cookies');
    await expect(page).toHaveTitle('Compte - Cookies');
    await expect(page.getByRole('main').getByRole('switch', { name: 'Cookies nécessaires' })).toBeChecked();
    await expect(page.getByRole('main').getByRole('switch', { name: 'Cookies analytiques' })).toBeChecked();
    await expectFrenchPage(page, 'cookies');

    await openSection(page, 'Utilisateurs bloqués');
    await expect(page).toHaveTitle('Compte - Utilisateurs bloqués');
    await expect(page.getByText("Vous n'avez bloqué personne.")).toBeVisible();
    await expectFrenchPage(page, 'blocked users');

    await page.goto('/survey');
    await expect(page).toHaveTitle('Compte - Questionnaire Profiler');
    await expect(page.getByRole('link', { name: 'Connecter mon compte Steam' })).toBeVisible();
    await expectFrenchPage(page, 'survey');

    // Deletion, with the server's reasons in French.
    await page.goto('/account');
    await openSection(page, 'Demande de suppression');
    await expect(page).toHaveTitle('Compte - Demande de suppression');
    await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
    await expectFrenchPage(page, 'deletion step 1');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByText('Étape 2 sur 3')).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(4);
    await expect(page.getByRole('radio', { name: 'Je ne joue plus à ces jeux' })).toBeVisible();
    await page.getByRole('radio', { name: 'Autre', exact: true }).check();
    await expect(page.getByLabel('Dites-nous en plus')).toBeVisible();
    await expectFrenchPage(page, 'deletion step 2');
    await page.getByRole('button', { name: 'Passer' }).click();
    await expect(page.getByRole('heading', { name: 'Êtes-vous sûr ?' })).toBeVisible();
    await expectFrenchPage(page, 'deletion step 3');
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page).toHaveURL(/\/deletion\/confirm$/);
    await expect(page.getByRole('heading', { name: 'Votre compte a bien été supprimé.' })).toBeVisible();
    await expect(page).toHaveTitle('Compte - Compte supprimé');
    await expectFrenchPage(page, 'account deleted');
  });
});

test('the footer switcher turns the pages French, remembers it, and saves a player’s language', async ({
  page,
  request,
  config,
  player,
}) => {
  await page.goto('/account');
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Account - My information');
  const switcher = page.getByRole('contentinfo').getByRole('group', { name: 'Language' });
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(switcher.getByRole('button', { name: 'Français' })).toHaveAttribute('lang', 'fr');
  await expectNoAxeViolations(page, 'account in English with the switcher');

  // Choosing French: the page changes at once, and the player's language is saved.
  const saved = page.waitForResponse((r) => r.url().endsWith('/update-locale') && r.status() === 200);
  await switcher.getByRole('button', { name: 'Français' }).click();
  await saved;
  const frenchSwitcher = page.getByRole('contentinfo').getByRole('group', { name: 'Langue' });
  await expect(frenchSwitcher.getByRole('button', { name: 'Français' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveTitle('Compte - Mes informations');
  await expectFrenchPage(page, 'account after switching to French');

  // The browser still asks for English; the SPA asks the server for the UI's language.
  await openSection(page, 'Cookies');
  await expect(page.getByRole('main').getByRole('switch', { name: 'Cookies analytiques' })).toBeVisible();
  await expectFrenchPage(page, 'cookies after switching to French');

  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole('main').getByRole('switch', { name: 'Cookies marketing' })).toBeVisible();
  await expectFrenchPage(page, 'cookies after a reload');

  // Saved for the account: a recovery asked for in English arrives in French.
  const recovery = await request.post(`${config.accountApiUrl}password/password-recovery`, {
    headers: {
      'x-api-key': config.accountApiKey,
      authorization: `Bearer ${config.apiKey}`,
      'accept-language': 'en-US,en;q=0.9',
    },
    data: { Email: player.email },
  });
  expect(recovery.status(), await recovery.text()).toBe(200);
  const [mail] = await waitForMailCount(player.email, 2);
  expect(mail.subject).toMatch(/^Réinitialisez votre mot de passe /);
  expectFrenchMail(mail);

  // And back to English.
  await frenchSwitcher.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Account - Cookies');
  await expect(page.getByRole('main').getByRole('switch', { name: 'Analytical cookies' })).toBeVisible();
});
