/**
 * Linking journeys (spec §2 Connections and Linking routes; §4 Linking a provider; §8 USER_STEAM_EXIST)
 * in the journey deployments, through the sandbox's provider pages as a player clicks them: Connect on
 * the Connections page, approve at the provider, back to the Connections page with the account's name
 * and a last-sync age; Unlink, which asks for confirmation first (issue 19 §4). A Steam account another
 * player holds shows the §8 message; the redirectUrl variant lands on the partner address with steamid
 * appended. axe on each page reached.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { approveOidc, approveSteam, connectionRow, freshSteamId, unlinkFromRow } from './support/linking.ts';
import { E2E } from './support/ports.ts';
import { logInAs, registerConfirmedPlayer } from './support/session.ts';
import { uniqueName } from './support/register-form.ts';

test('links, refreshes and unlinks a Steam account from the Connections page', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  await page.goto('/account/link-account');
  const steam = connectionRow(page, 'Steam');
  await expect(steam).toContainText('Not linked');
  await expectNoAxeViolations(page, 'connections, nothing linked');
  await steam.getByRole('button', { name: 'Connect Steam' }).click();

  const steamId = freshSteamId();
  await approveSteam(page, steamId, 'Journey Steamer');
  await expect(page).toHaveURL(/\/account\/link-account$/);
  await expect(steam).toContainText('Linked as Journey Steamer');
  await expect(steam).toContainText(/Last synchronised \d+ seconds? ago/);
  await expect(steam.getByRole('img', { name: 'Journey Steamer avatar' })).toBeVisible();
  await expectNoAxeViolations(page, 'connections, Steam linked');

  // Refresh runs the link again: the new persona name replaces the old one.
  await steam.getByRole('button', { name: 'Refresh Steam' }).click();
  await approveSteam(page, steamId, 'Renamed Steamer');
  await expect(page).toHaveURL(/\/account\/link-account$/);
  await expect(steam).toContainText('Linked as Renamed Steamer');

  // Unlink is drawn destructive and asks first, in an alert dialog with Cancel focused; Cancel (or
  // Escape) keeps the link and gives focus back to Unlink.
  const unlink = steam.getByRole('button', { name: 'Unlink Steam' });
  await expect(unlink).toHaveCSS('color', 'rgb(176, 0, 32)');
  await unlink.click();
  const confirmation = page.getByRole('alertdialog', { name: 'Unlink Steam?' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText('You can link it again at any time.');
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'unlink confirmation');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(unlink).toBeFocused();
  await unlink.click();
  await expect(confirmation).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirmation).toHaveCount(0);
  await expect(steam).toContainText('Linked as Renamed Steamer');
  await expect(page).toHaveURL(/\/account\/link-account$/);

  await unlinkFromRow(page, 'Steam');
  await expect(page).toHaveURL(/\/account\/link-account$/);
  await expect(steam).toContainText('Not linked');
  await expect(steam.getByRole('button', { name: 'Connect Steam' })).toBeVisible();
});

test('links and unlinks Twitch and Epic Games through their sign-in pages', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  for (const [name, party] of [
    ['Twitch', 'Twitch'],
    ['Epic Games', 'Epic Games'],
  ] as const) {
    await page.goto('/account/link-account');
    const row = connectionRow(page, name);
    await row.getByRole('button', { name: `Connect ${name}` }).click();
    const username = `e2e_${uniqueName().slice(-10)}`.slice(0, 16);
    await approveOidc(page, party, username);
    await expect(page).toHaveURL(/\/account\/link-account$/);
    await expect(row).toContainText(`Linked as ${username}`);
    await expectNoAxeViolations(page, `connections, ${name} linked`);
    await unlinkFromRow(page, name);
    await expect(row).toContainText('Not linked');
  }
});

test('a Steam account another player holds is refused with the §8 message', async ({
  page,
  player: _player,
  browser,
  config,
  baseURL,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  const steamId = freshSteamId();
  await page.goto('/steam/link');
  await approveSteam(page, steamId, 'First Holder');
  await expect(connectionRow(page, 'Steam')).toContainText('Linked as First Holder');

  const otherContext = await browser.newContext({ baseURL });
  try {
    const other = await otherContext.newPage();
    await logInAs(
      otherContext,
      config,
      baseURL!,
      await registerConfirmedPlayer(otherContext.request, config),
    );
    await other.goto('/steam/link');
    await approveSteam(other, steamId, 'Second Try');
    await expect(other).toHaveURL(/\/errors\/bad-request\?message=ERROR_USER_STEAM_EXIST/);
    await expect(
      other.getByText('The PC game store account is already linked to another user.'),
    ).toBeVisible();
    await expectNoAxeViolations(other, 'Steam account held by another player');
  } finally {
    await otherContext.close();
  }
});

test('the redirectUrl variant returns to the partner address with steamid appended', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  // The sandbox's partner site is on the demo allow-list.
  const partner = `${E2E.sandboxUrl}/partner/?from=link`;
  await page.goto(`/steam/link?${new URLSearchParams({ redirectUrl: partner })}`);
  const steamId = freshSteamId();
  await approveSteam(page, steamId, 'Partner Steamer');
  await page.waitForURL((url) => url.origin === E2E.sandboxUrl && url.searchParams.has('steamid'));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('steamid')).toBe(steamId);
  expect(landed.searchParams.get('from')).toBe('link');
});
