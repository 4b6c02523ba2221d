/**
 * The player's side of the linked providers' sign-in pages in the sandbox (spec §4 Linking a provider):
 * the Steam approve page (apps/sandbox/src/steam/login-page.ts) and the Twitch / Epic Games approve page
 * (apps/sandbox/src/shared/oidc-pages.ts), the Connections page's row of a provider, and its Unlink
 * with the confirmation it asks for.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E } from './ports.ts';

/** A fresh SteamID64 (17 digits starting 7656119) for one test. */
export function freshSteamId(): string {
  const tail = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-10).padStart(10, '0');
  return `7656119${tail}`;
}

/** Signs in on the sandbox's Steam approve page as `steamId` with persona name `personaName`. */
export async function approveSteam(page: Page, steamId: string, personaName: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${E2E.sandboxUrl}/steam/openid/login`));
  await expect(page.getByRole('heading', { name: 'Sign in through Steam' })).toBeVisible();
  await page.getByLabel('Steam ID (17 digits, starting 7656119)').fill(steamId);
  await page.getByLabel('Persona name').fill(personaName);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Authorizes on the sandbox's Twitch or Epic Games approve page as a fresh `username`. */
export async function approveOidc(
  page: Page,
  party: 'Twitch' | 'Epic Games',
  username: string,
): Promise<void> {
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${party} wants to sign you in`) }),
  ).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

/** The Connections page's row of the provider named `name` (e.g. "Steam"). */
export function connectionRow(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
}

/**
 * Unlinks the provider named `name` from its Connections row as a player does: Unlink, then Unlink
 * again in the confirmation dialog (issue 19 §4) that opens.
 */
export async function unlinkFromRow(page: Page, name: string): Promise<void> {
  await connectionRow(page, name)
    .getByRole('button', { name: `Unlink ${name}` })
    .click();
  const confirmation = page.getByRole('alertdialog', { name: `Unlink ${name}?` });
  await confirmation.getByRole('button', { name: 'Unlink', exact: true }).click();
  await expect(confirmation).toHaveCount(0);
}
