/**
 * The epic alternative redeemer (spec §7 epicgames/auth "callbackPath /epicgames/callback when the
 * redeemer flag is on", epicgames/callback "State, CallbackPath (/epic-games/callback), optional
 * RedirectUrl (the redirectUrl query split at 'state=')"; §4 "redirected to the stored redirectUrl with
 * … epicgamesid appended") in the deployment with every flag on: Epic Games returns to the API, which
 * redeems the code and sends the browser to /epic-games/callback, which completes the link.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { approveOidc, connectionRow, unlinkFromRow } from './support/linking.ts';
import { E2E } from './support/ports.ts';
import { uniqueName } from './support/register-form.ts';

test('links Epic Games through the API redeemer, then unlinks', async ({ page, player: _player, config }) => {
  // `player`: the fixture registered and logged in a fresh player.
  expect(config.features.epicAlternativeRedeemerFlow).toBe(true);
  await page.goto('/account/link-account');
  const row = connectionRow(page, 'Epic Games');
  const redeemed = page.waitForRequest((request) => request.url().includes('/api/epicgames/callback?'));
  await row.getByRole('button', { name: 'Connect Epic Games' }).click();
  const username = `red_${uniqueName().slice(-10)}`.slice(0, 16);
  await approveOidc(page, 'Epic Games', username);
  expect(new URL((await redeemed).url()).searchParams.has('code')).toBe(true);
  await expect(page).toHaveURL(/\/account\/link-account$/);
  await expect(row).toContainText(`Linked as ${username}`);
  await expectNoAxeViolations(page, 'connections, Epic Games linked through the redeemer');
  await unlinkFromRow(page, 'Epic Games');
  await expect(row).toContainText('Not linked');
});

test('returns to the partner address with epicgamesid appended', async ({ page, player: _player }) => {
  // `player`: the fixture registered and logged in a fresh player.
  const partner = `${E2E.sandboxUrl}/partner/?from=epic`;
  await page.goto(`/epic-games/link?${new URLSearchParams({ redirectUrl: partner })}`);
  await approveOidc(page, 'Epic Games', `ptn_${uniqueName().slice(-10)}`.slice(0, 16));
  await page.waitForURL((url) => url.origin === E2E.sandboxUrl && url.searchParams.has('epicgamesid'));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('epicgamesid')).toMatch(/^[0-9a-f]{32}$/);
  expect(landed.searchParams.get('from')).toBe('epic');
});
