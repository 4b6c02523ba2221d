/**
 * The server's redirect allow-list against the public open-redirect corpora (issue 7 acceptance; spec §1
 * Single sign-on; DESIGN.md §5 "the server checks again wherever it issues a redirect"), on every store:
 * every payload (placeholder host replaced by the allowed partner host) given as the redirectUrl of a
 * link start (GET steam/auth, which the API later redirects the browser to) is refused with
 * ERROR_REDIRECT_NOT_ALLOWED, while the partner's own addresses are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_REDIRECT_FILES, openRedirectPayloads } from '@guildgate/contracts/testing';
import { STORES, json, type TestApp } from '../../test/harness.ts';
import { getAuth, linkingPlayer, startLinkingApp, type LinkingPlayer } from '../linking/test-support.ts';

describe.each(STORES)('open-redirect corpora on the server, %s', (kind) => {
  let t: TestApp;
  let player: LinkingPlayer;

  beforeAll(async () => {
    // startLinkingApp allow-lists https://partner.example/.
    t = await startLinkingApp(kind);
    player = await linkingPlayer(t, 'RedirectFuzz1');
  });
  afterAll(async () => {
    await t.close();
  });

  const start = (redirectUrl: string) =>
    getAuth(t, player, 'steam', { callbackPath: '/steam/callback', redirectUrl });

  it.each(OPEN_REDIRECT_FILES)('refuses every payload of %s', async (file) => {
    const payloads = openRedirectPayloads(file, 'partner.example');
    expect(payloads.length).toBeGreaterThan(10);
    const accepted: string[] = [];
    for (const payload of payloads) {
      const res = await start(payload);
      const codes =
        res.statusCode === 400 ? json<{ ErrorMessages: Array<{ ErrorMessage: string }> }>(res) : null;
      if (codes?.ErrorMessages[0]?.ErrorMessage !== 'ERROR_REDIRECT_NOT_ALLOWED')
        accepted.push(`${res.statusCode} ${payload}`);
    }
    expect(accepted).toEqual([]);
  });

  it('accepts the partner addresses', async () => {
    for (const url of ['https://partner.example/', 'https://partner.example/forum/thread?id=3']) {
      const res = await start(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
