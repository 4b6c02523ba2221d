/**
 * Refresh-token reuse with a grace interval (issue 17 §8; DESIGN.md §5; docs/security.md "Refresh
 * tokens"; like Auth0's reuse interval and Okta's grace period): two tabs that refresh with the same
 * refresh token within `REFRESH_REUSE_GRACE_SECONDS` both stay signed in and get the same successor;
 * a reuse after it still revokes the session. The successor is kept only sealed under a key derived
 * from the token it replaces. On every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Token, TokenRefreshResponse } from '@guildgate/contracts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ANONYMOUS, STORES, asUser, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, sessionOf, type Player } from '../../test/helpers.ts';

function refresh(t: TestApp, token: Pick<Token, 'Value' | 'Refresh'>) {
  return t.app.inject({
    method: 'GET',
    url: '/api/token/refresh',
    headers: ANONYMOUS,
    query: { access_token: token.Value, refresh_token: token.Refresh, client_id: t.config.portalClientId },
  });
}

/** GET profile/connects with `accessToken`: 200 while its session lives. */
async function signedIn(t: TestApp, accessToken: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/profile/connects',
    headers: asUser(accessToken),
  });
  return res.statusCode === 200;
}

describe('REFRESH_REUSE_GRACE_SECONDS', () => {
  it('defaults to 10 seconds and takes 0 (no grace) to 60', () => {
    expect(loadConfig({}).refreshReuseGraceSeconds).toBe(10);
    expect(loadConfig({ REFRESH_REUSE_GRACE_SECONDS: '0' }).refreshReuseGraceSeconds).toBe(0);
    for (const bad of ['61', '-1', '2.5', 'ten']) {
      expect(() => loadConfig({ REFRESH_REUSE_GRACE_SECONDS: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe.each(STORES)('refresh-token reuse on %s', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  let player: Player;

  beforeAll(async () => {
    [t, strict] = await Promise.all([
      startTestApp(kind),
      startTestApp(kind, { env: { REFRESH_REUSE_GRACE_SECONDS: '0' } }),
    ]);
    player = await createPlayer(t, 'TwoTabs1');
    await createPlayer(strict, 'TwoTabs1');
  });
  afterAll(async () => {
    await Promise.all([t.close(), strict.close()]);
  });

  it('gives the second tab the same successor within the grace interval; both stay signed in', async () => {
    const { token } = await sessionOf(t, player);
    const first = await refresh(t, token);
    expect(first.statusCode, first.body).toBe(200);
    const second = await refresh(t, token);
    expect(second.statusCode, second.body).toBe(200);
    const tabOne = json<TokenRefreshResponse>(first);
    const tabTwo = json<TokenRefreshResponse>(second);
    expect(tabTwo.Refresh).toBe(tabOne.Refresh);
    expect(await signedIn(t, tabOne.AccessToken)).toBe(true);
    expect(await signedIn(t, tabTwo.AccessToken)).toBe(true);
    // The shared successor goes on rotating normally.
    const next = await refresh(t, { Value: tabTwo.AccessToken, Refresh: tabTwo.Refresh });
    expect(next.statusCode, next.body).toBe(200);
    expect(await signedIn(t, json<TokenRefreshResponse>(next).AccessToken)).toBe(true);
  });

  it('lets two simultaneous refreshes both succeed with one successor', async () => {
    const { token } = await sessionOf(t, player);
    const answers = await Promise.all([refresh(t, token), refresh(t, token), refresh(t, token)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const successors = new Set(answers.map((res) => json<TokenRefreshResponse>(res).Refresh));
    expect(successors.size).toBe(1);
    for (const res of answers)
      expect(await signedIn(t, json<TokenRefreshResponse>(res).AccessToken)).toBe(true);
  });

  it('keeps the successor only sealed, never in clear', async () => {
    const { token } = await sessionOf(t, player);
    const successor = json<TokenRefreshResponse>(await refresh(t, token)).Refresh;
    const rows = JSON.stringify(await t.ctx.db.selectFrom('refresh_tokens').selectAll().execute());
    expect(rows).not.toContain(successor);
    expect(rows).toContain(sha256(successor));
  });

  it('still revokes the session when a used token comes back after the grace interval', async () => {
    const { token } = await sessionOf(t, player);
    const tabOne = json<TokenRefreshResponse>(await refresh(t, token));
    await t.ctx.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 11_000).toISOString() })
      .where('token_hash', '=', sha256(token.Refresh))
      .execute();
    expectErrors(await refresh(t, token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    expect(await signedIn(t, tabOne.AccessToken)).toBe(false);
    expectErrors(await refresh(t, { Value: tabOne.AccessToken, Refresh: tabOne.Refresh }), 400, [
      ['', 'ERROR_TOKEN_INVALID_REFRESH'],
    ]);
  });

  it('revokes when the successor was already rotated, even within the grace interval', async () => {
    const { token } = await sessionOf(t, player);
    const tabOne = json<TokenRefreshResponse>(await refresh(t, token));
    expect((await refresh(t, { Value: tabOne.AccessToken, Refresh: tabOne.Refresh })).statusCode).toBe(200);
    expectErrors(await refresh(t, token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    expect(await signedIn(t, tabOne.AccessToken)).toBe(false);
  });

  it('revokes at the first reuse when the grace interval is 0', async () => {
    const { token } = await sessionOf(strict, { username: 'TwoTabs1', password: player.password });
    const tabOne = json<TokenRefreshResponse>(await refresh(strict, token));
    expectErrors(await refresh(strict, token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    expect(await signedIn(strict, tabOne.AccessToken)).toBe(false);
  });
});
