/**
 * Blocked users journey (issue 4; spec §2 Blocked users: "A list of blocked users with an Unblock
 * button each"; docs/partner-api.md): a partner community site tells the hub, server to server, that
 * a player blocked two others; the player finds both on the Blocked users page and unblocks one — after
 * confirming in a dialog (issue 19 §4; Cancel keeps it) — which leaves the list; unblocking the last
 * shows the empty text. axe on the page and the dialog.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  logInAs,
  nodeConfiguration,
  registerConfirmedPlayer,
  type NodeConfiguration,
  type TestPlayer,
} from './support/session.ts';

/** The sandbox partner site's development credentials (seeded with SEED_DEMO=1). */
const PARTNER_BASIC = `Basic ${Buffer.from('sandbox-partner-site:sandbox-partner-secret').toString('base64')}`;

/** The player's public Id_User, from POST log/identify (spec §7). */
async function idUserOf(request: APIRequestContext, config: NodeConfiguration, player: TestPlayer) {
  const response = await request.post(`${config.accountApiUrl}log/identify`, {
    headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` },
    data: { UsernameOrEmail: player.username },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { Id_User: string }).Id_User;
}

test('blocks made on a partner site show on Blocked users, and Unblock removes them', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const [player, first, second] = await Promise.all(
    [0, 1, 2].map(() => registerConfirmedPlayer(request, config)),
  );
  const playerId = await idUserOf(request, config, player);
  for (const blocked of [first, second]) {
    const response = await request.post(`${config.accountApiUrl}blocks`, {
      headers: { authorization: PARTNER_BASIC },
      data: { userId: playerId, userBlockedId: await idUserOf(request, config, blocked) },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await logInAs(context, config, baseURL!, player);
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: /account/i })
    .getByRole('link', { name: 'Blocked Users' })
    .click();
  await expect(page).toHaveURL(/\/account\/blocked-users-management$/);
  await expect(page).toHaveTitle('Account - Blocked users');
  const list = page.getByRole('region', { name: 'Blocked users' }).getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 3, name: first.username })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: second.username })).toBeVisible();
  await expectNoAxeViolations(page, 'blocked users');

  // Unblock asks first, in an alert dialog with Cancel focused; Cancel keeps the block and gives focus
  // back to the button.
  const unblockFirst = page.getByRole('button', { name: `Unblock ${first.username}` });
  await unblockFirst.click();
  const confirmation = page.getByRole('alertdialog', { name: `Unblock ${first.username}?` });
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toContainText(`${first.username} will be able to contact you again.`);
  await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'unblock confirmation');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(unblockFirst).toBeFocused();
  await expect(list).toHaveCount(2);

  // Confirmed: the row leaves the list and focus goes to the page's heading.
  await unblockFirst.click();
  await confirmation.getByRole('button', { name: 'Unblock', exact: true }).click();
  await expect(page.getByRole('heading', { level: 3, name: first.username })).toHaveCount(0);
  await expect(list).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Blocked users' })).toBeFocused();
  await page.getByRole('button', { name: `Unblock ${second.username}` }).click();
  await page
    .getByRole('alertdialog', { name: `Unblock ${second.username}?` })
    .getByRole('button', { name: 'Unblock', exact: true })
    .click();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  await expectNoAxeViolations(page, 'blocked users, empty');

  // The server agrees: a reload shows the empty list.
  await page.reload();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
});
