/**
 * The accounts eraser (issue 20 §4; spec §4 Deletion): erasing a player deletes their `users` row and
 * cuts the referrer link of the players they referred, leaving those players otherwise untouched. Real
 * app, real store (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { createPlayer } from '../../test/helpers.ts';
import { findUserById, playerDataEraser } from './index.ts';

describe.each(STORES)('the accounts eraser on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the users table as its own', () => {
    expect(playerDataEraser.module).toBe('accounts');
    expect(playerDataEraser.tables).toEqual(['users']);
  });

  it("deletes the player's row and cuts the referrer link of the players they referred", async () => {
    const referrer = await createPlayer(t, 'EraserReferrer1');
    const referred = await createPlayer(t, 'EraserReferred1', { form: { Referrer: 'eraserreferrer1' } });
    const bystander = await createPlayer(t, 'EraserBystander1');
    const before = await findUserById(t.ctx.db, referred.id);
    expect(before?.referrer_user_id).toBe(referrer.id);

    await t.ctx.db
      .transaction()
      .execute((trx) => playerDataEraser.deletePlayerData(trx, { id: referrer.id, idUser: referrer.idUser }));

    expect(await findUserById(t.ctx.db, referrer.id)).toBeUndefined();
    expect(await findUserById(t.ctx.db, referred.id)).toEqual({ ...before, referrer_user_id: null });
    expect(await findUserById(t.ctx.db, bystander.id)).toMatchObject({ username: 'EraserBystander1' });
  });
});
