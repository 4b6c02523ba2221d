/**
 * Survey journeys (issue 8; spec §2 Survey: ten steps with progressive reveal, the done page with its
 * reward message, the prompt to connect the PC game store that goes to the link route with a redirect
 * to profile/me/rewards; §4 Survey; §5 Survey submit 'You must answer this question.'; §9 country
 * autocomplete of up to 5 matches, dates DD/MM/YY), in the journey deployments, each test with a fresh
 * player: without Steam both survey pages show only the prompt; with Steam linked (through the
 * sandbox's approve page) one player answers by keyboard only and another by mouse, the latter first
 * submitting with a conditional text missing. axe on each page, each newly revealed step and the open
 * country suggestions; no Content-Security-Policy violation (React Aria's injected style carries the
 * page's nonce).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { approveSteam, freshSteamId } from './support/linking.ts';

const REQUIRED = 'You must answer this question.';

/** Links a fresh Steam account to the logged-in player through the link route and the sandbox. */
async function linkSteam(page: Page): Promise<void> {
  await page.goto('/steam/link');
  await approveSteam(page, freshSteamId(), 'Survey Taker');
  // Back on the Connections page (Information where the section is off).
  await expect(page).toHaveURL(/\/account(\/link-account)?$/);
}

/** Presses Tab until `target` has the focus (keyboard-only navigation), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The step whose 'Question n of 10' reads `n` (each step is a fieldset: an ARIA group). */
function step(page: Page, n: number): Locator {
  return page
    .getByRole('group')
    .filter({ has: page.getByText(`Question ${n} of 10`, { exact: true }) })
    .last();
}

/** A question's group, named by its legend. */
function question(page: Page, legend: string): Locator {
  return page.getByRole('group', { name: legend, exact: true });
}

/** Expects exactly `n` steps on the page, the last one visible. */
async function expectSteps(page: Page, n: number): Promise<void> {
  await expect(page.getByText(/^Question \d+ of 10$/)).toHaveCount(n);
  await expect(page.getByText(`Question ${n} of 10`, { exact: true })).toBeVisible();
}

test('without a linked Steam account the survey only prompts to connect it', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  for (const path of ['/survey', '/survey/qualification']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiler survey' })).toBeVisible();
    const connect = page.getByRole('link', { name: 'Connect my Steam account' });
    await expect(connect).toBeVisible();
    const href = new URL((await connect.getAttribute('href'))!, page.url());
    expect(href.pathname).toBe('/steam/link');
    expect(href.searchParams.get('redirectUrl')).toMatch(/^https?:\/\/[^?#]+\/profile\/me\/rewards$/);
    // No way to start or answer: the answers can only be sent with a Steam account (spec §5).
    await expect(page.getByRole('link', { name: 'Start the survey' })).toHaveCount(0);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send my answers' })).toHaveCount(0);
    await expectNoAxeViolations(page, `${path} without Steam`);
  }
});

test('a player with Steam linked answers the ten steps by keyboard only', async ({ page, player }) => {
  await linkSteam(page);
  await page.goto('/survey');
  await expect(page.getByRole('link', { name: 'Connect my Steam account' })).toHaveCount(0);
  await expect(page.getByText('You already hold the Profiler Badge.', { exact: false })).toHaveCount(0);
  await expectNoAxeViolations(page, 'survey entry');
  const start = page.getByRole('link', { name: 'Start the survey' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/survey\/qualification$/);
  await expectSteps(page, 1);
  await expect(page.getByRole('button', { name: 'Send my answers' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'survey step 1');

  // Step 1: Age by arrow key, Gender by Space; focus stays where it is when step 2 appears.
  const age = question(page, 'How old are you?');
  await tabTo(page, age.getByRole('radio', { name: 'Under 18' }));
  await page.keyboard.press('ArrowDown');
  await expect(age.getByRole('radio', { name: '18 to 24' })).toBeChecked();
  await expectSteps(page, 1);
  await page.keyboard.press('Tab');
  const male = question(page, 'What is your gender?').getByRole('radio', { name: 'Male', exact: true });
  await expect(male).toBeFocused();
  await page.keyboard.press('Space');
  await expect(male).toBeChecked();
  await expectSteps(page, 2);
  await expect(male).toBeFocused();
  await expectNoAxeViolations(page, 'survey step 2 revealed');

  // Step 2: the Country combobox, at most five suggestions; ArrowDown + Enter picks one.
  const country = page.getByRole('combobox', { name: 'Country' });
  await page.keyboard.press('Tab');
  await expect(country).toBeFocused();
  await page.keyboard.type('a');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(5);
  // Open, the suggestions pass axe: what React Aria hides from assistive technology around them is
  // not focusable either (issue 19 §6 aria-hidden-focus).
  await expectNoAxeViolations(page, 'survey country suggestions open');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('Fra');
  await expect(page.getByRole('option', { name: 'France' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('France');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(country).toBeFocused();
  await expectSteps(page, 3);
  await expectNoAxeViolations(page, 'survey step 3 revealed');

  // Step 3: DevType.
  await page.keyboard.press('Tab');
  const designer = step(page, 3).getByRole('radio', { name: 'Game designer' });
  await expect(designer).toBeFocused();
  await page.keyboard.press('Space');
  await expectSteps(page, 4);
  await expectNoAxeViolations(page, 'survey step 4 revealed');

  // Step 4: 'Something else' (arrow up wraps to the last choice) asks for its text first.
  await page.keyboard.press('Tab');
  await expect(step(page, 4).getByRole('radio', { name: 'Dev blogs' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(step(page, 4).getByRole('radio', { name: 'Something else' })).toBeChecked();
  await expectSteps(page, 4);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'What else do you enjoy?' })).toBeFocused();
  await page.keyboard.type('Speedrun events');
  await expectSteps(page, 5);
  await expectNoAxeViolations(page, 'survey step 5 revealed');

  // Step 5: social networks by Space.
  await page.keyboard.press('Tab');
  await expect(step(page, 5).getByRole('checkbox', { name: 'Twitter' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(step(page, 5).getByRole('checkbox', { name: 'Discord' })).toBeChecked();
  await expectSteps(page, 6);
  await expectNoAxeViolations(page, 'survey step 6 revealed');

  // Step 6: information sources, then yes to influencers and who they are.
  const sources = question(page, 'Where do you look for information about games?');
  await tabTo(page, sources.getByRole('checkbox', { name: 'Wikis' }));
  await page.keyboard.press('Space');
  const influencers = question(page, 'Do you follow influencers or content creators?');
  await tabTo(page, influencers.getByRole('radio', { name: 'Yes', exact: true }));
  await page.keyboard.press('Space');
  await expectSteps(page, 6);
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('textbox', { name: 'Which influencers or content creators do you follow?' }),
  ).toBeFocused();
  await page.keyboard.type('A speedrunner');
  await expectSteps(page, 7);
  await expectNoAxeViolations(page, 'survey step 7 revealed');

  // Step 7: gaming websites.
  await page.keyboard.press('Tab');
  await expect(step(page, 7).getByRole('checkbox', { name: 'IGN' })).toBeFocused();
  await page.keyboard.press('Space');
  await expectSteps(page, 8);
  await expectNoAxeViolations(page, 'survey step 8 revealed');

  // Step 8: three scales, each its own radio group.
  const websites = question(page, 'Reviews on gaming websites');
  await tabTo(page, websites.getByRole('radio', { name: "I don't care" }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(websites.getByRole('radio', { name: 'It helps' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(
    question(page, 'Reviews by influencers').getByRole('radio', { name: "I don't care" }),
  ).toBeChecked();
  await expectSteps(page, 8);
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(
    question(page, 'Reviews on Steam').getByRole('radio', { name: 'Not that much' }),
  ).toBeChecked();
  await expectSteps(page, 9);
  await expectNoAxeViolations(page, 'survey step 9 revealed');

  // Step 9: no other studios (arrow down from Yes); step 10 and the submit button appear.
  await page.keyboard.press('Tab');
  await expect(step(page, 9).getByRole('radio', { name: 'Yes', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(step(page, 9).getByRole('radio', { name: 'No', exact: true })).toBeChecked();
  await expectSteps(page, 10);
  await expect(page.getByRole('button', { name: 'Send my answers' })).toBeVisible();
  await expectNoAxeViolations(page, 'survey step 10 revealed');

  // Step 10 (optional), then submit with Enter.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Your message (optional)' })).toBeFocused();
  await page.keyboard.type('Keep up the good work!');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send my answers' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/survey\/qualification\/confirm$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "You're all done! Thank you so much!" }),
  ).toBeVisible();
  await expect(page.getByText('The Profiler Badge has been added to your rewards.')).toBeVisible();
  await expectNoAxeViolations(page, 'survey done');

  await tabTo(page, page.getByRole('link', { name: 'Back to my account' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: player.username })).toBeVisible();
  const badges = page.getByRole('region', { name: 'Badges' });
  await expect(badges).toContainText('Profiler Badge');
  await expect(badges).toContainText(/earned on \d{2}\/\d{2}\/\d{2}/);
  await expectNoAxeViolations(page, 'account with the Profiler Badge');

  // The entry now says the badge is held; answering again stays possible.
  await page.goto('/survey');
  await expect(page.getByText('You already hold the Profiler Badge.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start the survey' })).toBeVisible();
});

test('a player answers by mouse, and a missing conditional text stops the submit', async ({
  page,
  player: _player,
}) => {
  // `player`: the fixture registered and logged in a fresh player.
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      policyViolations.push(message.text());
    }
  });
  await page.goto('/account');
  const badges = page.getByRole('region', { name: 'Badges' });
  await expect(badges).toContainText('You have no badges yet.');
  await linkSteam(page);
  await page.goto('/survey');
  await page.getByRole('link', { name: 'Start the survey' }).click();
  await expect(page).toHaveURL(/\/survey\/qualification$/);

  await question(page, 'How old are you?').getByRole('radio', { name: '25 to 34' }).click();
  await question(page, 'What is your gender?').getByRole('radio', { name: 'Female' }).click();
  await expectSteps(page, 2);

  const country = page.getByRole('combobox', { name: 'Country' });
  await country.click();
  await country.pressSequentially('ger');
  // Clicked where it shows: Playwright's scroll-into-view honours the page's scroll padding (the
  // cookie banner's height) and would scroll the page, which closes React Aria's list.
  const germany = page.getByRole('option', { name: 'Germany' });
  await expect(germany).toBeInViewport({ ratio: 1 });
  const box = (await germany.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(country).toHaveValue('Germany');
  await expectSteps(page, 3);

  await step(page, 3).getByRole('radio', { name: 'Musician' }).click();
  await step(page, 4).getByRole('radio', { name: 'Forums' }).click();
  // 'Other' among the social networks asks which ones before step 6 appears.
  await step(page, 5).getByRole('checkbox', { name: 'Other', exact: true }).click();
  await step(page, 5).getByRole('checkbox', { name: 'Reddit' }).click();
  await expectSteps(page, 5);
  await page.getByRole('textbox', { name: 'Which other social networks do you use?' }).click();
  await page.keyboard.type('Mastodon');
  await expectSteps(page, 6);
  await question(page, 'Where do you look for information about games?')
    .getByRole('checkbox', { name: "Let's Plays" })
    .click();
  await question(page, 'Do you follow influencers or content creators?')
    .getByRole('radio', { name: 'No', exact: true })
    .click();
  await step(page, 7).getByRole('checkbox', { name: 'Eurogamer' }).click();
  await step(page, 7).getByRole('checkbox', { name: 'Other', exact: true }).click();
  for (const scale of ['Reviews on gaming websites', 'Reviews by influencers', 'Reviews on Steam']) {
    await question(page, scale).getByRole('radio', { name: "Can't decide without them" }).click();
  }
  await step(page, 9).getByRole('radio', { name: 'Yes', exact: true }).click();
  await expectSteps(page, 9);
  await page.getByRole('textbox', { name: 'Which studios do you follow?' }).click();
  await page.keyboard.type('Another studio');
  await expectSteps(page, 10);

  // Back to step 4: 'Something else' without its text. Revealed steps stay; the submit is refused.
  await step(page, 4).getByRole('radio', { name: 'Something else' }).click();
  await expectSteps(page, 10);
  const enjoy = page.getByRole('textbox', { name: 'What else do you enjoy?' });
  await expect(enjoy).toHaveValue('');
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(enjoy).toHaveAccessibleDescription(REQUIRED);
  await expect(enjoy).toHaveAttribute('aria-invalid', 'true');
  await expect(enjoy).toBeFocused();
  await expect(page.getByText(REQUIRED)).toHaveCount(1);
  await expect(page).toHaveURL(/\/survey\/qualification$/);
  await expectNoAxeViolations(page, 'survey with a missing answer');

  await enjoy.click();
  await page.keyboard.type('Fan art');
  await expect(page.getByText(REQUIRED)).toHaveCount(0);
  await page.getByRole('button', { name: 'Send my answers' }).click();
  await expect(page).toHaveURL(/\/survey\/qualification\/confirm$/);
  await expect(page.getByText('The Profiler Badge has been added to your rewards.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(badges).toContainText('Profiler Badge');

  // React Aria's pressable style went in under the page's style nonce: no policy violation anywhere.
  await expect(page.locator('style#react-aria-pressable-style')).toHaveCount(1);
  expect(policyViolations).toEqual([]);
});
