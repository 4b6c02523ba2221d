/**
 * No dead ends in the default set-up (issue 19 "The player's experience"; spec §1 front url, §2 Home
 * "Browse website", Account dashboard "a button to the profile", Survey "the link route with redirect to
 * profile/me/rewards"; §4 Linking a provider): with the front url on the sandbox's partner community
 * site, as `npm start` sets it, "Browse website" lands on the community's home page, "View my profile"
 * on the player's profile there (signed in through the hub on the way, no log-in asked) and on to their
 * rewards, and the survey's "Connect my Steam account" comes back, after the sandbox's Steam
 * sign-in, to the survey's questions. axe on every page reached.
 *
 * A `*.hub.spec.ts` suite: runs in the deployment with `hubSuites` (`local`, whose FRONT_URL is the
 * sandbox's partner site in e2e/support/ports.ts), the hub of the sandbox's partner site.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { approveSteam, freshSteamId } from './support/linking.ts';
import { E2E } from './support/ports.ts';

const SITE = `${E2E.sandboxUrl}/partner/`;
const SITE_NAME = 'Guildgate partner community (sandbox)';

test('"Browse website" on Home lands on the community website', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse website' }).click();
  await expect(page).toHaveURL(SITE);
  await expect(page.getByRole('heading', { level: 1, name: SITE_NAME })).toBeVisible();
  await expectNoAxeViolations(page, 'community home from Browse website');
});

test('"View my profile" lands on the player\'s profile, and on to their rewards', async ({
  page,
  player,
}) => {
  await page.goto('/account');
  await page.getByRole('link', { name: 'View my profile' }).click();
  // Through the hub's /oauth (the player is logged in there: no log-in page), back on the profile.
  await expect(page).toHaveURL(`${SITE}profile`);
  await expect(page.getByRole('heading', { level: 1, name: player.username })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Badges' })).toBeVisible();
  await expect(page.getByText('No badges yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'community profile');

  await page.getByRole('link', { name: 'My rewards' }).click();
  await expect(page).toHaveURL(`${SITE}profile/me/rewards`);
  await expect(page.getByRole('heading', { level: 1, name: 'My rewards' })).toBeVisible();
  await expectNoAxeViolations(page, 'community rewards');
  // The reward on offer leads to the portal's survey.
  await page.getByRole('link', { name: 'Take the profiler survey' }).click();
  await expect(page).toHaveURL(/\/survey$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profiler survey' })).toBeVisible();
});

test("the survey's Steam connect comes back to the survey", async ({ page, player: _player }) => {
  // `player`: the fixture registered and logged in a fresh player, without Steam.
  await page.goto('/survey');
  await page.getByRole('link', { name: 'Connect my Steam account' }).click();
  await approveSteam(page, freshSteamId(), 'Survey Returner');
  // The link returns to <front url>/profile/me/rewards?steamid=…, which hands the player to the survey.
  await expect(page).toHaveURL(/\/survey\/qualification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profiler survey' })).toBeVisible();
  await expect(page.getByText('Question 1 of 10', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect my Steam account' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'survey after the Steam connect');
});
