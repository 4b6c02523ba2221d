/**
 * The erasers of the session, linking and access-key modules and the e-mail links' delete
 * (player-data.ts; spec §4 Deletion; issue 20 §4), on SQLite and PostgreSQL: run in one transaction,
 * they remove the player's rows of their tables (scrub, for access keys) and leave another player's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { STORES, startTestApp, type TestApp } from '../test/harness.ts';
import { createPlayer, insertConnection, sessionOf, type Player } from '../test/helpers.ts';
import { isoIn, isoNow } from '../lib/time.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import type { Database } from './schema.ts';
import type { PlayerDataEraser } from './player-data.ts';
import { playerDataEraser as sessionEraser } from '../modules/session/index.ts';
import { playerDataEraser as linkingEraser } from '../modules/linking/index.ts';
import {
  createAccessKeys,
  consumeAccessKey,
  playerDataEraser as accessKeyEraser,
} from '../modules/access-key/index.ts';
import { createLink, deleteEmailLinksOf } from '../modules/email-address/links.ts';

const ERASERS: PlayerDataEraser[] = [sessionEraser, linkingEraser, accessKeyEraser];

/** Gives `player` a row in each table the erasers cover. */
async function giveData(t: TestApp, player: Player, steamId: string): Promise<void> {
  const { token } = await sessionOf(t, player);
  const sessionId = (
    await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow()
  ).id;
  expect(token.Refresh).toBeTruthy();
  await insertConnection(t, player.id, 'steam', steamId, player.username);
  const now = isoNow();
  await t.ctx.db
    .insertInto('link_states')
    .values({
      state_hash: sha256(randomToken()),
      user_id: player.id,
      session_id: sessionId,
      provider: 'twitch',
      redirect_uri: 'http://portal.test/api/twitch/callback',
      code_verifier: null,
      nonce: null,
      redirect_url: null,
      account_json: null,
      error_code: null,
      created_at: now,
      expires_at: isoIn(60_000),
      used_at: null,
    })
    .execute();
  const [key] = await createAccessKeys(t.ctx.db, 1, { note: 'erasers' });
  await t.ctx.db.transaction().execute((trx) => consumeAccessKey(trx, key, player.id));
  await createLink(t.ctx.db, player.id, 'password_recovery', 60_000);
}

/** How many rows of each covered table name `userId`. */
async function rowsOf(db: Kysely<Database>, userId: number) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    sessions: await count(db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()),
    refresh_tokens: await count(
      db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select('refresh_tokens.id')
        .where('sessions.user_id', '=', userId)
        .execute(),
    ),
    user_connections: await count(
      db.selectFrom('user_connections').select('id').where('user_id', '=', userId).execute(),
    ),
    link_states: await count(
      db.selectFrom('link_states').select('state_hash').where('user_id', '=', userId).execute(),
    ),
    access_keys: await count(
      db.selectFrom('access_keys').select('id').where('used_by_user_id', '=', userId).execute(),
    ),
    email_tokens: await count(
      db.selectFrom('email_tokens').select('id').where('user_id', '=', userId).execute(),
    ),
  };
}

describe.each(STORES)('player data erasers on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(store);
  });
  afterAll(async () => {
    await t.close();
  });

  it('erase the player’s rows in one transaction and keep another player’s', async () => {
    const gone = await createPlayer(t, `erased${store}`);
    const kept = await createPlayer(t, `kept${store}`);
    await giveData(t, gone, `7656119${store === 'sqlite' ? '1' : '2'}000000001`);
    await giveData(t, kept, `7656119${store === 'sqlite' ? '1' : '2'}000000002`);
    const before = await rowsOf(t.ctx.db, kept.id);
    expect(Object.values(await rowsOf(t.ctx.db, gone.id)).every((n) => n > 0)).toBe(true);
    expect(ERASERS.flatMap((eraser) => eraser.tables).sort()).toEqual(
      ['access_keys', 'link_states', 'refresh_tokens', 'sessions', 'user_connections'].sort(),
    );

    await t.ctx.db.transaction().execute(async (trx) => {
      for (const eraser of ERASERS) await eraser.deletePlayerData(trx, { id: gone.id, idUser: gone.idUser });
      await deleteEmailLinksOf(trx, gone.id);
    });

    expect(Object.values(await rowsOf(t.ctx.db, gone.id)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(t.ctx.db, kept.id)).toEqual(before);
    // The key the erased player used stays used: it names no one any more.
    const usedKeys = await t.ctx.db
      .selectFrom('access_keys')
      .select('id')
      .where('used_at', 'is not', null)
      .where('used_by_user_id', 'is', null)
      .execute();
    expect(usedKeys).toHaveLength(1);
  });
});
