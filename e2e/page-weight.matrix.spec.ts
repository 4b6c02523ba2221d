/**
 * What a first visit downloads (issue 19; docs/performance.md), in every deployment: the SPA's scripts
 * and styles arrive compressed (the build's brotli or gzip copies), hashed assets are immutable and the
 * page itself is never cached; the captcha (its loader chunk and the provider's script) is downloaded
 * only where the enable-captcha flag is on, and only by the pages that use it (log-in, register), never
 * by the home page.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { nodeConfiguration } from './support/session.ts';

/** Collects the answers of the page's requests while `visit` runs. */
async function answersDuring(page: Page, visit: () => Promise<unknown>): Promise<Response[]> {
  const answers: Response[] = [];
  const collect = (response: Response) => answers.push(response);
  page.on('response', collect);
  await visit();
  page.off('response', collect);
  return answers;
}

const isCaptcha = (response: Response) => /recaptcha/i.test(response.url());

test('assets arrive compressed and cached by hash; the captcha loads only where it is used', async ({
  page,
  request,
  baseURL,
}) => {
  const config = await nodeConfiguration(request, baseURL!);
  const home = await answersDuring(page, async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  const document = home.find((r) => r.request().resourceType() === 'document')!;
  expect(document.headers()['cache-control']).toBe('no-cache');
  const assets = home.filter((r) => /\/assets\/.+\.(js|css)$/.test(new URL(r.url()).pathname));
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const headers = await asset.allHeaders();
    expect([asset.url(), headers['cache-control']]).toEqual([
      asset.url(),
      'public, max-age=31536000, immutable',
    ]);
    const size = (await asset.body()).length;
    if (size >= 1024)
      expect([asset.url(), headers['content-encoding']]).toContainEqual(expect.stringMatching(/^(br|gzip)$/));
  }
  expect(home.filter(isCaptcha).map((r) => r.url())).toEqual([]);

  const login = await answersDuring(page, async () => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The captcha starts loading when the form mounts; give it the time to ask.
    if (config.features.enableCaptcha)
      await expect.poll(() => page.evaluate(() => 'grecaptcha' in window)).toBe(true);
  });
  const captcha = login.filter(isCaptcha);
  if (config.features.enableCaptcha) expect(captcha.length).toBeGreaterThan(0);
  else expect(captcha.map((r) => r.url())).toEqual([]);
});
