/**
 * Sessions that end when idle (issue 18 §7; docs/security.md "Sessions"): the 30-day identity handle
 * (spec §9) also ends after SESSION_IDLE_DAYS without getting tokens; each use moves the idle deadline.
 * On every store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ANONYMOUS, STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer, expectErrors, getToken, sessionOf, type Player } from '../../test/helpers.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

describe('SESSION_IDLE_DAYS', () => {
  it('defaults to 14 days and takes 1 to 30', () => {
    expect(loadConfig({}).sessionIdleDays).toBe(14);
    expect(loadConfig({ SESSION_IDLE_DAYS: '1' }).sessionIdleDays).toBe(1);
    for (const bad of ['0', '31', '2.5', 'week'])
      expect(() => loadConfig({ SESSION_IDLE_DAYS: bad }), bad).toThrow(ConfigError);
  });
});

describe.each(STORES)('idle sessions (%s)', (kind) => {
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { SESSION_IDLE_DAYS: '14' } });
    player = await createPlayer(t, 'IdlePlayer1');
  });
  afterAll(() => t.close());

  const lastUsed = async (identity: string) =>
    (
      await t.ctx.db
        .selectFrom('sessions')
        .select('last_used_at')
        .where('identity_hash', '=', sha256(identity))
        .executeTakeFirstOrThrow()
    ).last_used_at;
  const setLastUsed = (identity: string, at: string) =>
    t.ctx.db
      .updateTable('sessions')
      .set({ last_used_at: at })
      .where('identity_hash', '=', sha256(identity))
      .execute();
  const refresh = (token: { Value: string; Refresh: string }) =>
    t.app.inject({
      method: 'GET',
      url: '/api/token/refresh',
      headers: ANONYMOUS,
      query: { access_token: token.Value, refresh_token: token.Refresh, client_id: t.config.portalClientId },
    });

  it('keeps a session used within the idle period, and each use moves its deadline', async () => {
    const { identity } = await sessionOf(t, player);
    await setLastUsed(identity, daysAgo(13));
    expect((await getToken(t, identity)).statusCode).toBe(200);
    expect(Date.parse((await lastUsed(identity))!)).toBeGreaterThan(Date.now() - 60_000);

    await setLastUsed(identity, daysAgo(13));
    const fresh = JSON.parse((await getToken(t, identity)).body) as { Value: string; Refresh: string };
    await setLastUsed(identity, daysAgo(13.9));
    expect((await refresh(fresh)).statusCode).toBe(200);
    expect(Date.parse((await lastUsed(identity))!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends a session unused for longer, though its 30-day lifetime runs on', async () => {
    const { identity, token } = await sessionOf(t, player);
    await setLastUsed(identity, daysAgo(14.01));
    expectErrors(await getToken(t, identity), 400, [['', 'ERROR_TOKEN_INVALID']]);
    expectErrors(await refresh(token), 400, [['', 'ERROR_TOKEN_INVALID_REFRESH']]);
    const { expires_at } = await t.ctx.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('identity_hash', '=', sha256(identity))
      .executeTakeFirstOrThrow();
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('starts the idle clock at log-in', async () => {
    const other = await createPlayer(t, 'IdlePlayer2');
    const { identity } = await sessionOf(t, other);
    expect(Date.parse((await lastUsed(identity))!)).toBeGreaterThan(Date.now() - 60_000);
  });
});
