/**
 * Download my data (issue 22 §8; GDPR art. 15/20), as a player meets it: a player who linked Steam,
 * answered the survey and chose their cookies opens Your data from the account's side list; their
 * log-in is older than the API's window, so Download my data asks for the password in the shared
 * dialog; the file downloads (`guildgate-data-<username>-<date>.json`) and holds their survey answers
 * and cookie consents, and no password. axe on the page and the dialog; the page in French has no
 * English text.
 */
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNoEnglish } from './support/english-text.ts';
import { approveSteam, freshSteamId } from './support/linking.ts';
import { ageLogIns } from './support/passing-time.ts';
import type { NodeConfiguration, TestPlayer } from './support/session.ts';

/** A user bearer of `player` from the API (log-in, then token/{identity}), and their Id_User. */
async function playerBearer(request: APIRequestContext, config: NodeConfiguration, player: TestPlayer) {
  const headers = { 'x-api-key': config.accountApiKey, authorization: `Bearer ${config.apiKey}` };
  const login = await request.post(`${config.accountApiUrl}log/log-in`, {
    headers,
    data: { UsernameOrEmail: player.username, Password: player.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { Created } = (await login.json()) as { Created: string };
  const token = await request.get(`${config.accountApiUrl}token/${encodeURIComponent(Created)}`, { headers });
  expect(token.status()).toBe(200);
  const { Value } = (await token.json()) as { Value: string };
  const { sub } = JSON.parse(Buffer.from(Value.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
  };
  return { headers: { 'x-api-key': config.accountApiKey, authorization: `Bearer ${Value}` }, idUser: sub };
}

test('a player downloads their data after confirming their password, and finds their survey answers and consents', async ({
  page,
  request,
  config,
  player,
}, testInfo) => {
  // Steam linked through the sandbox, the survey answered and the cookies chosen (through the API).
  const steamId = freshSteamId();
  await page.goto('/steam/link');
  await approveSteam(page, steamId, 'Exporting Player');
  await expect(page).toHaveURL(/\/account(\/link-account)?$/);
  const { headers, idUser } = await playerBearer(request, config, player);
  const survey = await request.post(`${config.accountApiUrl}survey/qualification`, {
    headers,
    data: {
      SteamId: steamId,
      Username: player.username,
      Age: 2,
      Gender: 3,
      Country: 'France',
      DevType: 3,
      FavoriteFeatures: 'Forums',
      OtherFavoriteFeatures: null,
      SocialNetworks: ['Discord'],
      HasOtherSocialNetworks: false,
      OtherSocialNetworks: null,
      Gameinformationources: ['Wikis'],
      HasInfluencers: false,
      Influencers: null,
      GamingWebsites: ['IGN'],
      Reviews_GamingWebsite: 1,
      Reviews_Influencers: 2,
      Reviews_Steam: 4,
      HasOtherStudios: false,
      OtherStudios: null,
      AdditionnalMessage: 'Exported survey answer',
    },
  });
  expect(survey.status(), await survey.text()).toBe(200);
  const cookies = await request.post(`${config.accountApiUrl}cookie/user/${idUser}/accept-all`, {
    headers,
    data: { IsAllReject: false },
  });
  expect(cookies.status(), await cookies.text()).toBe(200);

  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Your data' })
    .click();
  await expect(page).toHaveURL(/\/account\/your-data$/);
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await expect(page).toHaveTitle(/Your data/);
  await expectNoAxeViolations(page, 'your data page');

  await ageLogIns(testInfo.project.name, player.username, 600);
  await page.getByRole('button', { name: 'Download my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'your data: password dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByLabel('Current password').fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm password' }).click();
  const download = await downloading;
  const today = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`guildgate-data-${player.username}-${today}.json`);
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  const data = JSON.parse(text) as {
    format: string;
    account: { username: string };
    survey: { steamId: string; answers: Record<string, unknown> } | null;
    cookieConsents: { category: string; accepted: boolean }[];
  };
  expect(data.format).toBe('guildgate-data-export/1');
  expect(data.account.username).toBe(player.username);
  expect(data.survey?.steamId).toBe(steamId);
  expect(data.survey?.answers).toMatchObject({
    Country: 'France',
    AdditionnalMessage: 'Exported survey answer',
  });
  expect(data.cookieConsents.length).toBeGreaterThan(0);
  expect(data.cookieConsents.every((c) => c.accepted)).toBe(true);
  expect(text).not.toContain(player.password);
  expect(text).not.toMatch(/password|hash/i);
  await expect(page.getByRole('status').filter({ hasText: 'Your data was downloaded' })).toBeVisible();
  await expectNoAxeViolations(page, 'your data: downloaded');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the Your data page has no English text', async ({ page, player }) => {
    expect(player.username).toBeTruthy();
    await page.goto('/account/your-data');
    await expect(page.getByRole('heading', { name: 'Télécharger vos données' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger mes données' })).toBeVisible();
    await expectNoEnglish(page, 'your data');
    await expectNoAxeViolations(page, 'your data in French');
  });
});
