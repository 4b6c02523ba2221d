/**
 * A store that refuses writes answers 503, not 500 (issue 18; DESIGN.md §4 "503 a dependency is down"):
 * the real app on a real SQLite file that becomes read-only (`query_only`, SQLITE_READONLY) or full
 * (`max_page_count` reached, SQLITE_FULL — as a full disk) answers a log-in, which writes a session,
 * with 503 ERROR_SERVICE_UNAVAILABLE and Retry-After in the §8 shape; reads go on answering.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPENDENCY_RETRY_AFTER_SECONDS } from '../lib/dependency-errors.ts';
import { ANONYMOUS, startTestApp, type TestApp } from '../test/harness.ts';
import { createPlayer, expectErrors, postLogin, type Player } from '../test/helpers.ts';

describe('a SQLite store that refuses writes', () => {
  let t: TestApp;
  let player: Player;
  beforeEach(async () => {
    t = await startTestApp('sqlite');
    player = await createPlayer(t, 'FullDisk1');
  });
  afterEach(async () => {
    await t.close();
  });

  const identify = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/log/identify',
      headers: ANONYMOUS,
      payload: { UsernameOrEmail: player.username },
    });

  it('read-only: a log-in answers 503 with Retry-After; identify (a read) still 200', async () => {
    await sql`pragma query_only = on`.execute(t.ctx.db);
    const res = await postLogin(t, player.username, player.password);
    expectErrors(res, 503, [['', 'ERROR_SERVICE_UNAVAILABLE']]);
    expect(res.headers['retry-after']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    expect((await identify()).statusCode).toBe(200);
    await sql`pragma query_only = off`.execute(t.ctx.db);
    expect((await postLogin(t, player.username, player.password)).statusCode).toBe(200);
  });

  it('full: log-ins answer 200 until the store is full, then 503 with Retry-After', async () => {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.ctx.db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0].page_count}`).execute(t.ctx.db);
    let res = await postLogin(t, player.username, player.password);
    for (let i = 0; i < 500 && res.statusCode === 200; i += 1) {
      res = await postLogin(t, player.username, player.password);
    }
    expectErrors(res, 503, [['', 'ERROR_SERVICE_UNAVAILABLE']]);
    expect(res.headers['retry-after']).toBe(String(DEPENDENCY_RETRY_AFTER_SECONDS));
    expect((await identify()).statusCode).toBe(200);
  });
});
