/** Filling the Register form as a player does (spec §2 Register, §3 Register form, §5). */
import { expect, type Page } from '@playwright/test';

/** The password the journeys register with. */
export const PASSWORD = 'Journey2024Pass';
/** Longer than the 15 s too-fast rule (spec §4), with room for a loaded machine. */
export const TOO_FAST_WAIT_MS = 16_500;

/** A fresh, valid username. */
export function uniqueName(): string {
  return `Player${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Fills every field of the Register form (the TWO-POINT-STUDIOS ones when `twoPoint`). */
export async function fillRegisterForm(
  page: Page,
  username: string,
  email: string,
  twoPoint: boolean,
): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('First name').fill('Ada');
  if (twoPoint) {
    await page.getByLabel('Last name').fill('Lovelace');
    // Dashes are inserted automatically (spec §5): type the digits only.
    await page.getByLabel('Date of birth').pressSequentially('19901231');
    await expect(page.getByLabel('Date of birth')).toHaveValue('1990-12-31');
  }
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').pressSequentially(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByLabel('I accept the terms of use (EULA)').check();
  if (twoPoint) await page.getByLabel('I accept the Code of Conduct').check();
}
