/**
 * A slow link never shows a blank page (issue 19; docs/performance.md): on a throttled connection
 * (Chromium's network emulation: 400 ms round trip, 400 kbit/s — the link the issue measured an 18 s
 * blank page on), the loading shell of index.html is painted as soon as the page and its stylesheet
 * arrive, long before the scripts, and the log-in page replaces it once they have.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';

test('a player on a slow connection sees the loading shell, then the log-in page', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });

  await page.goto('/login', { waitUntil: 'commit' });
  const shell = page.locator('.boot-shell');
  await expect(shell).toBeVisible({ timeout: 15_000 });
  // Painted, styled (the stylesheet arrived: the card has its width), and announced as a status.
  const card = await page.locator('.boot-shell__card').boundingBox();
  expect(card?.width ?? 0).toBeGreaterThan(200);
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toBeAttached();
  // The scripts have not finished yet: the shell came first.
  await expect(page.getByRole('button', { name: /log in/i })).toHaveCount(0);

  await expect(shell).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expectNoAxeViolations(page, 'log-in page after a slow load');
});
