/**
 * Newsletter journey (issue 4; spec §2 Newsletter, /unsubscribe; §3 Register G2GSegaOptin, Newsletter
 * opt-in): a player who ticked the newsletter box at registration finds every list switched on (styled
 * switches, like the cookie settings'), turns one off and on again, each change said in a polite live
 * message (issue 19 §4); joining mails a signed unsubscribe link which, opened in any browser, confirms
 * 'You have been unsubscribed.' and turns that list off. A tampered link lands on BadRequestError;
 * /unsubscribe without a token (a mailing provider's own unsubscribe redirects there) confirms at once
 * and calls nothing. The
 * deployment with the section off is covered by account-area.matrix.spec.ts (no side-list entry) and
 * the route matrix. axe on every page.
 */
import { expect, test } from './support/fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { firstLink, waitForMailMatching } from './support/mailbox.ts';

test.use({ playerForm: { G2GSegaOptin: true } });

test('lists are toggled, and a mailed unsubscribe link leaves one', async ({ page, baseURL, player }) => {
  await page.goto('/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Newsletter' })
    .click();
  await expect(page).toHaveURL(/\/account\/newsletter$/);
  await expect(page).toHaveTitle('Account - Newsletter');

  const switches = page.getByRole('main').getByRole('switch');
  await expect(switches).toHaveCount(3);
  for (const toggle of await switches.all()) await expect(toggle).toBeChecked();
  await expectNoAxeViolations(page, 'newsletter');

  // The same styled switches as the cookie settings: a track in the studio's primary colour when on.
  const events = page.getByRole('switch', { name: 'Events and contests' });
  await expect(events).toHaveCSS('appearance', 'none');
  await expect(events).toHaveCSS('border-radius', '999px');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
  );
  const n = Number.parseInt(primary.slice(1), 16);
  await expect(events).toHaveCSS('background-color', `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`);

  // Each stored change is said in a polite live message.
  const status = page.getByRole('main').getByRole('status');
  await expect(status).toHaveText('');
  await events.click();
  await expect(events).not.toBeChecked();
  await expect(status).toHaveText('Saved: you will no longer receive Events and contests.');
  await expectNoAxeViolations(page, 'newsletter, change saved');
  await page.reload();
  await expect(events).not.toBeChecked();
  await events.click();
  await expect(events).toBeChecked();
  await expect(status).toHaveText('Saved: you will receive Events and contests.');

  // Joining mailed a confirmation with a signed unsubscribe link.
  const mail = await waitForMailMatching(player.email, /subscribed to Events and contests/);
  const link = firstLink(mail.text, `${baseURL}/unsubscribe?token=`);

  // Tampered: the signature no longer matches.
  const strangerContext = await page.context().browser()!.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(`${link.slice(0, -3)}abc`);
  await expect(stranger).toHaveURL(/\/errors\/bad-request\?message=ERROR_UNSUBSCRIBE_INVALID/);
  await expect(stranger.getByText('This unsubscribe link is not valid.')).toBeVisible();
  // The real link, in a browser without a session: the token leaves the address bar.
  await stranger.goto(link);
  await expect(stranger.getByText('You have been unsubscribed.')).toBeVisible();
  await expect(stranger).toHaveURL(/\/unsubscribe$/);
  await expectNoAxeViolations(stranger, 'unsubscribed');
  await strangerContext.close();

  await page.reload();
  await expect(events).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Community news' })).toBeChecked();
});

test("/unsubscribe without a token is the mailing provider's confirmation page", async ({ page }) => {
  // Where a mailing provider's own unsubscribe sends the reader, once it has unsubscribed them.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/newsletter')) calls.push(request.url());
  });
  for (const path of ['/unsubscribe', '/unsubscribe?token=']) {
    await page.goto(path);
    await expect(page).toHaveTitle('Account - Unsubscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed.' })).toBeVisible();
    await expect(page).toHaveURL(/\/unsubscribe$/);
  }
  await expectNoAxeViolations(page, 'unsubscribed without a token');
  await page.getByRole('link', { name: 'Return to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(calls).toEqual([]);
});
