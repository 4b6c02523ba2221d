/**
 * Passkeys and the second-factor step-up (issue 22 §3, §4), in `local` and `TWO-POINT-STUDIOS` (its
 * one-step log-in), with Chromium's virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`: a
 * platform authenticator with resident keys and user verification that answers at once; the relying
 * party is `localhost`, the deployment's PUBLIC_URL):
 * 1. a player adds a named passkey on the Security page, sees it listed, logs out, and signs in with the
 *    passkey alone ("Sign in with a passkey");
 *    Where the browser offers autofill, the username field offers the passkey: picking it signs in;
 * 2. a player with a passkey logs in with the password: the second step offers "Use a passkey";
 * 3. step-up: a player with an authenticator app whose log-in is old changes the password (removes the
 *    app in TWO-POINT-STUDIOS, whose password page asks the old password itself and which has no e-mail
 *    change): the dialog asks the password, then a code of the app (otplib), and the change goes through;
 * 4. a passkey is renamed, then removed after a confirmation — on an old log-in, the dialog's second
 *    factor is the passkey itself;
 * 5. the deletion page's password step asks the passkey too;
 * 6. the player closing the browser's prompt gets a calm note;
 * 7. axe on the "Add a passkey" naming form, on the Security page with a passkey listed and on the
 *    log-in page's passkey button, and once in French with no English left.
 */
import type { CDPSession, Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { ageLogIns } from './support/passing-time.ts';
import { logInStatus, logOut, type NodeConfiguration, type TestPlayer } from './support/session.ts';

/** A virtual authenticator on `page` (it keeps its passkeys across the page's navigations). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Makes `page`'s browser one without passkey autofill (conditional mediation): Chromium's virtual
 * authenticator answers a conditional request at once, as if the player had picked the passkey in the
 * username field's autofill, which would sign in before a test could use the button or the password.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

/** The passkeys the virtual authenticator holds. */
async function storedCredentials(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

/**
 * Adds a passkey named `name` on the Security page (the player is signed in); with `axeLabel`, runs
 * axe on the "Add a passkey" naming form before creating it. Returns the section.
 */
async function addPasskey(page: Page, name: string, labels = ENGLISH, axeLabel?: string) {
  await page.goto('/account/security');
  const section = page.getByRole('region', { name: labels.section });
  await section.getByRole('button', { name: labels.add }).click();
  const field = section.getByLabel(labels.name, { exact: true });
  await expect(field).toBeFocused();
  await expect(field).not.toHaveValue('');
  if (axeLabel) await expectNoAxeViolations(page, axeLabel);
  await field.fill(name);
  await section.getByRole('button', { name: labels.create }).click();
  return section;
}

/** Confirms the recovery codes a first second factor shows, when they show. */
async function confirmRecoveryCodes(page: Page) {
  const section = page.getByRole('region', { name: 'Passkeys' });
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Your passkey has been added.' })).toBeVisible();
}

const ENGLISH = {
  section: 'Passkeys',
  add: 'Add a passkey',
  name: 'Passkey name',
  create: 'Create the passkey',
};

/** The password log-in up to its answer (two steps, or one step in TWO-POINT-STUDIOS). */
async function passwordLogIn(page: Page, config: NodeConfiguration, player: TestPlayer) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(player.username);
  if (config.environmentName !== 'TWO-POINT-STUDIOS')
    await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The app's code `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test('adds a passkey, then signs in with it alone', async ({ page, player }) => {
  await withoutAutofill(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const section = await addPasskey(page, 'Work laptop', ENGLISH, 'security page, passkey naming form');
  await confirmRecoveryCodes(page);
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('Not used yet');
  expect(await storedCredentials(cdp, authenticatorId)).toHaveLength(1);
  await expectNoAxeViolations(page, 'security page, a passkey listed');

  await logOut(page);
  await page.goto('/login');
  const username = page.getByLabel('Username or email');
  await expect(username).toHaveAttribute('autocomplete', 'username webauthn');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, 'log-in page with the passkey button');
  await button.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Username' })).toContainText(player.username);

  // The Security page now tells when the passkey was last used.
  await page.goto('/account/security');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Last used on');
});

test('the username field offers the passkey in its autofill (conditional UI)', async ({ page, player }) => {
  await virtualAuthenticator(page);
  await addPasskey(page, 'Autofill key');
  await confirmRecoveryCodes(page);
  await logOut(page);
  // The conditional request starts as the log-in page shows; the virtual authenticator answers it as
  // a player picking the passkey in the autofill would: signed in without a click.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('region', { name: 'Username' })).toContainText(player.username);
});

test('a passkey is the second step after the password', async ({ page, config, player }) => {
  await withoutAutofill(page);
  await virtualAuthenticator(page);
  await addPasskey(page, 'Phone');
  await confirmRecoveryCodes(page);
  await logOut(page);

  await passwordLogIn(page, config, player);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  // Only the methods the answer offered: no authenticator app here.
  await expect(page.getByLabel('Code', { exact: true })).toHaveCount(0);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeFocused();
  await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  await expectNoAxeViolations(page, 'log-in second step with a passkey');
  await usePasskey.click();
  await expect(page).toHaveURL(/\/account$/);
});

test('step-up: with an authenticator app, a change on an old log-in asks the password, then a code', async ({
  page,
  request,
  config,
  player,
}, testInfo) => {
  // The authenticator app, set up as second-factor.spec.ts does.
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  await page.getByLabel('Code from the app', { exact: true }).fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Confirm the code' }).click();
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();

  await ageLogIns(testInfo.project.name, player.username, 600);
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  const twoPoint = config.environmentName === 'TWO-POINT-STUDIOS';
  const newPassword = 'Stepped2025Up';
  if (twoPoint) {
    await page.getByRole('button', { name: 'Remove the authenticator app' }).click();
  } else {
    await page.goto('/account/reset-password');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  }
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Current password').fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm password' }).click();

  // The password alone is not a proof any more: the code of the app.
  const code = dialog.getByLabel('Code', { exact: true });
  await expect(code).toBeFocused();
  await expect(dialog.getByText('confirm this change with your second factor too')).toBeVisible();
  await expectNoAxeViolations(page, 'step-up dialog, code');
  await code.fill('000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('This code is not valid. Please try again.')).toBeVisible();
  await code.fill(await codeAt(secret, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toHaveCount(0);
  if (twoPoint) {
    await expect(
      page.getByRole('status').filter({ hasText: 'The authenticator app has been removed.' }),
    ).toBeVisible();
  } else {
    await expect(page).toHaveURL(/\/account$/);
    expect(await logInStatus(request, config, player.username, newPassword)).toBe(200);
  }
});

test('renames and removes a passkey; on an old log-in the passkey confirms its own removal', async ({
  page,
  player,
}, testInfo) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const section = await addPasskey(page, 'Old name');
  await confirmRecoveryCodes(page);
  const list = section.getByRole('list', { name: 'Your passkeys' });

  await section.getByRole('button', { name: 'Rename Old name' }).click();
  const field = section.getByLabel('New name for Old name');
  await expect(field).toBeFocused();
  await field.fill('   ');
  await section.getByRole('button', { name: 'Save the name' }).click();
  await expect(section.getByText('Please give your passkey a name.')).toBeVisible();
  await field.fill('Living-room console');
  await section.getByRole('button', { name: 'Save the name' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'The passkey has been renamed Living-room console.' }),
  ).toBeVisible();
  await expect(list).toContainText('Living-room console');
  await expect(list).not.toContainText('Old name');

  // Removal: confirmed first; the log-in is old, so the password, then the passkey itself.
  await ageLogIns(testInfo.project.name, player.username, 600);
  await section.getByRole('button', { name: 'Remove Living-room console' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Remove the passkey Living-room console?');
  await expectNoAxeViolations(page, 'passkey removal confirmation');
  await confirm.getByRole('button', { name: 'Remove the passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.getByLabel('Current password').fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm password' }).click();
  const usePasskey = dialog.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  await expectNoAxeViolations(page, 'step-up dialog, passkey');
  await usePasskey.click();
  await expect(dialog).toHaveCount(0);
  await expect(
    section.getByRole('status').filter({ hasText: 'The passkey Living-room console has been removed.' }),
  ).toBeVisible();
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
  // The authenticator keeps its key (the site only forgot it).
  expect(await storedCredentials(cdp, authenticatorId)).toHaveLength(1);
});

test('deletion: with a passkey, step 1 asks the passkey after the password', async ({ page, player }) => {
  await virtualAuthenticator(page);
  await addPasskey(page, 'Only key');
  await confirmRecoveryCodes(page);
  await page.goto('/account/deletion-request');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Password').fill(player.password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expectNoAxeViolations(page, 'deletion step 1, second factor');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
});

test('a closed browser prompt is a calm note, not an error', async ({ page, player }) => {
  expect(player.username).toBeTruthy(); // signed in (the fixture)
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  // The player refuses the prompt: no user verification.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  const section = await addPasskey(page, 'Refused');
  await expect(
    section
      .getByRole('status')
      .getByText(
        'No passkey was created: the browser’s window was closed. You can try again when you are ready.',
      ),
  ).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(section.getByText('You have no passkey yet.')).toBeVisible();
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the Passkeys section and the passkey button have no English left', async ({ page, player }) => {
    expect(player.username).toBeTruthy(); // signed in (the fixture)
    await withoutAutofill(page);
    await virtualAuthenticator(page);
    const section = await addPasskey(page, 'Ordinateur portable', {
      section: 'Clés d’accès',
      add: 'Ajouter une clé d’accès',
      name: 'Nom de la clé d’accès',
      create: 'Créer la clé d’accès',
    });
    await expect(section.getByRole('heading', { name: 'Vos codes de secours' })).toBeVisible();
    await section.getByLabel('J’ai enregistré mes codes de secours').check();
    await section.getByRole('button', { name: 'Terminé' }).click();
    await expect(section.getByRole('list', { name: 'Vos clés d’accès' })).toContainText(
      'Ordinateur portable',
    );
    await expect(section.getByRole('list', { name: 'Vos clés d’accès' })).toContainText(
      'Pas encore utilisée',
    );
    await expectNoEnglish(page, 'security page, passkeys, French');
    await expectNoAxeViolations(page, 'security page, passkeys, French');

    await page.context().clearCookies();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeVisible();
    await expectNoEnglish(page, 'log-in page, passkey button, French');
    await expectNoAxeViolations(page, 'log-in page, passkey button, French');
  });
});
