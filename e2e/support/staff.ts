/**
 * Staff members for the operator console's end-to-end tests (issue 24; docs/operations.md "Staff and
 * the operator console"), made as an operator and a staff member would: the player sets up an
 * authenticator app on their Security page (codes generated with otplib, as the app would), the
 * operator grants the role with `npm run staff -- grant` against the deployment's own store, and the
 * staff member opens /admin and confirms it is them with their password and a code (the step-up the
 * console asks for).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
/** A console role (contracts STAFF_ROLES). */
type StaffRole = 'admin' | 'support' | 'viewer';
import { expect } from './fixtures.ts';
import { ageLogIns } from './passing-time.ts';
import { deploymentDir } from './ports.ts';
import type { TestPlayer } from './session.ts';

const run = promisify(execFile);

/** The authenticator app's code `steps` 30-second steps from now for `secret`. */
export const totpAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Runs `npm run staff -- grant <username> <role>` on the store of deployment `name` (a project name). */
export async function grantStaffRole(name: string, username: string, role: StaffRole): Promise<void> {
  const store = path.resolve(deploymentDir(name), 'store.sqlite');
  await run(process.execPath, ['apps/api/src/cli/staff-cli.ts', 'grant', username, role], {
    env: { ...process.env, DATABASE_URL: `sqlite:${store}`, LOG_LEVEL: 'silent' },
  });
}

/**
 * Sets up an authenticator app for the player logged in on `page` (its Security page, saving the
 * recovery codes). @returns the app's key
 */
export async function setUpAuthenticatorApp(page: Page): Promise<string> {
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code from the app', { exact: true }).fill(await totpAt(secret));
  await page.getByRole('button', { name: 'Confirm the code' }).click();
  const section = page.getByRole('region', { name: 'Authenticator app' });
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('status')).toHaveText('The authenticator app is set up.');
  return secret;
}

/**
 * Makes the player logged in on `page` a staff member with `role` and opens the console: the app, the
 * grant, then — their log-in made older than the console's 12 hours, as a day of work would — /admin's
 * "Confirm it is you" with the password and the next code (the set-up used this step's). Ends on the
 * console with the caller's role shown.
 */
export async function openConsoleAs(
  page: Page,
  project: string,
  player: TestPlayer,
  role: StaffRole,
): Promise<void> {
  const secret = await setUpAuthenticatorApp(page);
  await grantStaffRole(project, player.username, role);
  await ageLogIns(project, player.username, 13 * 3600);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm it is you' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm password' }).click();
  await dialog.getByLabel('Code', { exact: true }).fill(await totpAt(secret, 1));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const roleName = { admin: 'Admin', support: 'Support', viewer: 'Viewer' }[role];
  await expect(page.getByText(`Signed in as ${player.username} (${roleName}).`)).toBeVisible();
}
