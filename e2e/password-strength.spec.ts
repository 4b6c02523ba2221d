/**
 * Common passwords refused and the strength meter (issue 22 §9; flag breachedPasswordCheck, on here), on
 * /register, in English and in French: the meter's code is not fetched before the player focuses the
 * password field; typing a common password shows "Password strength: weak" and that it is too common;
 * sending it anyway gets the server's ERROR_PASSWORD_COMMON under the field, focused; a strong password
 * then reads "strong" and registers. axe on each state. (The flag off: feature-flags.matrix.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { TOO_FAST_WAIT_MS, fillRegisterForm, uniqueName } from './support/register-form.ts';

/** In the common-password dictionary, though it passes the §5 rules (and the studio rule). */
const COMMON = 'Qwerty123';
/** Strong, and within the studio rule's 8–16 characters. */
const STRONG = 'Vq7-moss-Turbine';

/** The texts of one language. */
interface Texts {
  password: string;
  confirm: string;
  submit: string;
  weak: string;
  strong: string;
  tooCommon: string;
  refused: string;
}

const EN: Texts = {
  password: 'Password',
  confirm: 'Confirm password',
  submit: 'Create my account',
  weak: 'Password strength: weak',
  strong: 'Password strength: strong',
  tooCommon: 'This password is too common or too easy to guess.',
  refused:
    'This password is too common or too easy to guess. Please choose another one, for example a few unrelated words.',
};

const FR: Texts = {
  password: 'Mot de passe',
  confirm: 'Confirmer le mot de passe',
  submit: 'Créer mon compte',
  weak: 'Robustesse du mot de passe : faible',
  strong: 'Robustesse du mot de passe : excellente',
  tooCommon: 'Ce mot de passe est trop courant ou trop facile à deviner.',
  refused:
    'Ce mot de passe est trop courant ou trop facile à deviner. Veuillez en choisir un autre, par exemple quelques mots sans rapport entre eux.',
};

/** Requests of the meter's chunk (shared/ui/password-strength-meter.tsx) since the page opened. */
function meterRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/password-strength-meter-[^/]*\.js$/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/** The meter's announced text, under the Password field. */
function meter(page: Page) {
  return page.getByRole('status').filter({ hasText: /strength|robustesse/i });
}

async function refusesThenAccepts(page: Page, texts: Texts, twoPoint: boolean, french: boolean) {
  const username = uniqueName();
  const email = `${username.toLowerCase()}@players.test`;
  const requested = meterRequests(page);
  await page.goto('/register');
  await expect(page.getByRole('button', { name: texts.submit })).toBeVisible();
  const opened = Date.now();
  expect(requested, 'the meter is not fetched before a password field is focused').toEqual([]);

  if (french) {
    // fillRegisterForm speaks English: the French form is filled field by field.
    await page.getByLabel("Nom d'utilisateur", { exact: true }).fill(username);
    await page.getByLabel('Prénom').fill('Ada');
    if (twoPoint) {
      await page.getByLabel('Nom', { exact: true }).fill('Lovelace');
      await page.getByLabel('Date de naissance').pressSequentially('19901231');
    }
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel("Confirmer l'e-mail").pressSequentially(email);
    await page.getByLabel("J'accepte la politique de confidentialité").check();
    await page.getByLabel("J'accepte les conditions d'utilisation (CLUF)").check();
    if (twoPoint) await page.getByLabel("J'accepte le code de conduite").check();
  } else {
    await fillRegisterForm(page, username, email, twoPoint);
  }
  const password = page.getByLabel(texts.password, { exact: true });
  await password.fill('');
  await password.pressSequentially(COMMON);
  await page.getByLabel(texts.confirm).fill(COMMON);
  await expect(meter(page)).toHaveText(`${texts.weak} ${texts.tooCommon}`);
  expect(requested.length, 'the meter was fetched on focus').toBeGreaterThan(0);
  await expectNoAxeViolations(page, `register, common password (${french ? 'fr' : 'en'})`);
  if (french) await expectNoEnglish(page, 'register, common password');

  // The server's refusal, under the field, which gets the focus (the too-fast rule: wait 15 s first).
  await page.waitForTimeout(Math.max(0, opened + TOO_FAST_WAIT_MS - Date.now()));
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.getByText(texts.refused)).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, `register, common password refused (${french ? 'fr' : 'en'})`);
  if (french) await expectNoEnglish(page, 'register, common password refused');

  await password.fill(STRONG);
  await page.getByLabel(texts.confirm).fill(STRONG);
  await expect(meter(page)).toHaveText(texts.strong);
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page).toHaveURL(/\/register\/confirm$/);
}

test('an English player sees the meter weak and the server refuse a common password, then registers', async ({
  page,
}, info) => {
  await refusesThenAccepts(page, EN, info.project.metadata.environment === 'TWO-POINT-STUDIOS', false);
});

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('sees the same in French', async ({ page }, info) => {
    await refusesThenAccepts(page, FR, info.project.metadata.environment === 'TWO-POINT-STUDIOS', true);
  });
});
