/**
 * The survey eraser (issue 20 §4; spec §4 Deletion; docs/survey.md): erasing a player deletes their
 * survey answers and badges, and no other player's. Real app, real store (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startTestApp, type TestApp } from '../../test/harness.ts';
import { playerDataEraser } from './index.ts';
import {
  expectNothingStored,
  postSurvey,
  submissionOf,
  surveyPlayer,
  surveyStateOf,
} from './test-support.ts';

describe.each(STORES)('the survey eraser on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('names the survey tables as its own', () => {
    expect(playerDataEraser.module).toBe('survey');
    expect([...playerDataEraser.tables].sort()).toEqual(['survey_responses', 'user_badges']);
  });

  it("deletes the player's answers and badges, and only theirs", async () => {
    const erased = await surveyPlayer(t, 'SurveyErased1');
    const kept = await surveyPlayer(t, 'SurveyKept1');
    for (const player of [erased, kept]) {
      expect((await postSurvey(t, player, submissionOf(player))).statusCode).toBe(200);
    }
    const keptBefore = await surveyStateOf(t, kept);
    expect(keptBefore.badges).toHaveLength(1);

    await t.ctx.db.transaction().execute(async (trx) => {
      await playerDataEraser.deletePlayerData(trx, { id: erased.id, idUser: erased.idUser });
      // The audit event is the audit module's to erase; only the survey's rows are checked here.
      await trx.deleteFrom('audit_events').where('user_id', '=', erased.id).execute();
    });

    await expectNothingStored(t, erased);
    expect(await surveyStateOf(t, kept)).toEqual(keptBefore);
  });
});
