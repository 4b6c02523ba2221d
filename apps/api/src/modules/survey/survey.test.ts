/**
 * POST survey/qualification refusals (spec §5 Survey submit and "Survey data is sent only if a PC game
 * store connection exists"; §7; §8 shape): each §5 rule on its own, the conditional texts asked only
 * when their condition holds, values outside the options (ERROR_FIELD_INVALID), the Steam connection
 * and the player's own SteamId and Username, the order of the checks, and the bearer. Nothing is stored
 * for a refusal. Real app, real store (SQLite, and PostgreSQL with TEST_DATABASE_URL). What an
 * accepted submission stores, the badge and deletion: survey-store.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_STEPS, type SurveyProperty } from '@guildgate/contracts';
import { ANONYMOUS, STORES, TEST_API_KEY, asUser, type TestApp } from '../../test/harness.ts';
import { expectErrors, insertConnection } from '../../test/helpers.ts';
import { startLinkingApp } from '../linking/test-support.ts';
import {
  expectNothingStored,
  postSurvey,
  submissionOf,
  surveyPlayer,
  validAnswers,
  type SurveyPlayer,
} from './test-support.ts';

const REQUIRED = 'ERROR_SURVEY_ANSWER_REQUIRED';
const INVALID = 'ERROR_FIELD_INVALID';

describe.each(STORES)('survey refusals on %s', (kind) => {
  let t: TestApp;
  /** Has a linked Steam account; never gets an accepted submission in this file. */
  let linked: SurveyPlayer;
  /** No Steam account linked. */
  let unlinked: SurveyPlayer;

  /** Submits `linked`'s answers with `changes` applied (undefined values are left out of the body). */
  const submit = (changes: Record<string, unknown>, player: SurveyPlayer = linked) =>
    postSurvey(t, player, submissionOf(player, { ...validAnswers(), ...changes }));
  /** Asserts `changes` are refused with exactly ERROR_SURVEY_ANSWER_REQUIRED on `properties`. */
  const expectRequired = async (changes: Record<string, unknown>, properties: SurveyProperty[]) =>
    expectErrors(
      await submit(changes),
      400,
      properties.map((property) => [property, REQUIRED] as const),
    );

  beforeAll(async () => {
    t = await startLinkingApp(kind);
    [linked, unlinked] = await Promise.all([
      surveyPlayer(t, 'SurveyRules1'),
      surveyPlayer(t, 'SurveyNoSteam1', false),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('§5 rules, one at a time', () => {
    it('requires Age, Gender, DevType, FavoriteFeatures and each review question to be chosen', async () => {
      const single = [
        'Age',
        'Gender',
        'DevType',
        'FavoriteFeatures',
        'Reviews_GamingWebsite',
        'Reviews_Influencers',
        'Reviews_Steam',
      ] as const;
      for (const property of single) {
        await expectRequired({ [property]: undefined }, [property]);
        await expectRequired({ [property]: null }, [property]);
      }
      await expectNothingStored(t, linked);
    });

    it('requires a non-blank Country', async () => {
      for (const country of [undefined, null, '', ' ', '   \t\n ', '\u00a0']) {
        await expectRequired({ Country: country }, ['Country']);
      }
      await expectNothingStored(t, linked);
    });

    it('requires each multiple choice to be neither empty nor hold a blank entry', async () => {
      const lists = { SocialNetworks: 'Discord', Gameinformationources: 'Wikis', GamingWebsites: 'IGN' };
      for (const [property, option] of Object.entries(lists) as Array<[SurveyProperty, string]>) {
        for (const value of [
          undefined,
          null,
          [],
          [''],
          [option, ''],
          ['', option],
          ['   '],
          [option, ' \t'],
        ]) {
          await expectRequired({ [property]: value }, [property]);
        }
      }
      await expectNothingStored(t, linked);
    });

    it('requires HasInfluencers and HasOtherStudios to be answered (false is an answer)', async () => {
      for (const property of ['HasInfluencers', 'HasOtherStudios'] as const) {
        await expectRequired({ [property]: undefined }, [property]);
        await expectRequired({ [property]: null }, [property]);
      }
      await expectNothingStored(t, linked);
    });

    it('asks for each conditional text only when its condition holds', async () => {
      const conditions: Array<
        [on: Record<string, unknown>, off: Record<string, unknown>, text: SurveyProperty]
      > = [
        [{ FavoriteFeatures: 'SomethingElse' }, { FavoriteFeatures: 'Votes' }, 'OtherFavoriteFeatures'],
        [
          { SocialNetworks: ['Discord', 'Other'] },
          { SocialNetworks: ['Discord'], HasOtherSocialNetworks: true },
          'OtherSocialNetworks',
        ],
        [{ HasInfluencers: true }, { HasInfluencers: false }, 'Influencers'],
        [{ HasOtherStudios: true }, { HasOtherStudios: false }, 'OtherStudios'],
      ];
      for (const [on, off, text] of conditions) {
        for (const blank of [undefined, null, '', '   ']) {
          await expectRequired({ ...on, [text]: blank }, [text]);
        }
        // Off, the text is not asked: these pass every rule (and stop only at a wrong SteamId here).
        for (const blank of [undefined, null, '']) {
          expectErrors(await submit({ ...off, [text]: blank, SteamId: 'not-mine' }), 400, [
            ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
          ]);
        }
      }
      await expectNothingStored(t, linked);
    });

    it('does not require AdditionnalMessage (step 10 is optional)', async () => {
      // An answer without it passes every rule: only the wrong SteamId refuses it.
      for (const message of [undefined, null, '', '   ']) {
        expectErrors(await submit({ AdditionnalMessage: message, SteamId: 'not-mine' }), 400, [
          ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
        ]);
      }
    });

    it('lists every failing question in step order', async () => {
      const empty = Object.fromEntries(Object.keys(validAnswers()).map((key) => [key, null]));
      const res = await postSurvey(t, linked, submissionOf(linked, empty));
      const expected = SURVEY_STEPS.flat().filter(
        (p) =>
          ![
            'OtherFavoriteFeatures',
            'OtherSocialNetworks',
            'Influencers',
            'OtherStudios',
            'AdditionnalMessage',
          ].includes(p),
      );
      expectErrors(
        res,
        400,
        expected.map((p) => [p, REQUIRED] as const),
      );
      expect(expected).toHaveLength(13);
      // Conditions on: their texts join the list at their place.
      expectErrors(
        await submit({
          Age: null,
          FavoriteFeatures: 'SomethingElse',
          SocialNetworks: ['Other'],
          HasInfluencers: true,
          HasOtherStudios: true,
          Reviews_Steam: null,
        }),
        400,
        [
          ['Age', REQUIRED],
          ['OtherFavoriteFeatures', REQUIRED],
          ['OtherSocialNetworks', REQUIRED],
          ['Influencers', REQUIRED],
          ['Reviews_Steam', REQUIRED],
          ['OtherStudios', REQUIRED],
        ],
      );
      await expectNothingStored(t, linked);
    });
  });

  describe('values of the wrong type or outside the options', () => {
    it('answers 400 ERROR_FIELD_INVALID on that property', async () => {
      const cases: Array<[string, unknown]> = [
        ['Age', 0],
        ['Age', 5],
        ['Age', 2.5],
        ['Age', '2'],
        ['Gender', 4],
        ['DevType', 7],
        ['DevType', true],
        ['Reviews_GamingWebsite', 0],
        ['Reviews_Influencers', 5],
        ['Reviews_Steam', -1],
        ['FavoriteFeatures', 'Dev Blogs'],
        ['FavoriteFeatures', 'forums'],
        ['FavoriteFeatures', ''],
        ['FavoriteFeatures', 3],
        ['SocialNetworks', ['Myspace']],
        ['SocialNetworks', ['discord']],
        ['SocialNetworks', 'Discord'],
        ['SocialNetworks', [1]],
        ['SocialNetworks', [null]],
        ['SocialNetworks', Array.from({ length: 33 }, () => 'Discord')],
        ['Gameinformationources', ["Let's Plays"]],
        ['GamingWebsites', ['ign']],
        ['GamingWebsites', ['IGN', 'Not a site']],
        ['HasInfluencers', 'true'],
        ['HasInfluencers', 1],
        ['HasOtherStudios', 'no'],
        ['HasOtherSocialNetworks', 'yes'],
        ['Country', 42],
        ['Country', ['France']],
        ['Country', 'x'.repeat(201)],
        ['OtherFavoriteFeatures', 'x'.repeat(201)],
        ['OtherSocialNetworks', {}],
        ['Influencers', 'x'.repeat(201)],
        ['OtherStudios', false],
        ['AdditionnalMessage', 'x'.repeat(2001)],
        ['SteamId', null],
        ['SteamId', 76561190000000000],
        ['SteamId', 'x'.repeat(65)],
        ['Username', null],
        ['Username', 'x'.repeat(257)],
      ];
      for (const [property, value] of cases) {
        expectErrors(await submit({ [property]: value }), 400, [[property, INVALID]]);
      }
      // Schema failures come first: even a player without Steam gets them.
      expectErrors(await submit({ Age: 9 }, unlinked), 400, [['Age', INVALID]]);
      await expectNothingStored(t, linked);
    });

    it('refuses bodies that are not one JSON object', async () => {
      expectErrors(await postSurvey(t, linked, undefined), 400, [['', 'ERROR_REQUEST_INVALID']]);
      for (const body of ['[]', '"survey"', '42', '{"Age":']) {
        const res = await postSurvey(t, linked, body, {
          ...asUser(linked.token),
          'content-type': 'application/json',
        });
        expect(res.statusCode, body).toBe(400);
      }
      await expectNothingStored(t, linked);
    });
  });

  describe('the player and their PC game store connection', () => {
    it('refuses a player without a linked Steam account with ERROR_SURVEY_STEAM_REQUIRED, before anything else', async () => {
      expectErrors(await submit({}, unlinked), 400, [['SteamId', 'ERROR_SURVEY_STEAM_REQUIRED']]);
      // Whatever SteamId is claimed, and even with answers missing.
      expectErrors(await submit({ SteamId: '76561190000000001', Age: null }, unlinked), 400, [
        ['SteamId', 'ERROR_SURVEY_STEAM_REQUIRED'],
      ]);
      // A Twitch account is not a PC game store connection.
      const twitchOnly = await surveyPlayer(t, 'SurveyTwitch1', false);
      await insertConnection(t, twitchOnly.id, 'twitch', 'twitch-1234', 'TwitchName', null);
      expectErrors(await submit({}, twitchOnly), 400, [['SteamId', 'ERROR_SURVEY_STEAM_REQUIRED']]);
      await expectNothingStored(t, unlinked);
      await expectNothingStored(t, twitchOnly);
    });

    it("refuses another SteamId or Username than the player's with ERROR_SURVEY_PLAYER_MISMATCH, before the rules", async () => {
      const other = '76561190000000002';
      expectErrors(await submit({ SteamId: other }), 400, [['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH']]);
      expectErrors(await submit({ SteamId: '' }), 400, [['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH']]);
      expectErrors(await submit({ SteamId: ` ${linked.steamId}` }), 400, [
        ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
      ]);
      expectErrors(await submit({ Username: 'SurveyNoSteam1' }), 400, [
        ['Username', 'ERROR_SURVEY_PLAYER_MISMATCH'],
      ]);
      expectErrors(await submit({ Username: '' }), 400, [['Username', 'ERROR_SURVEY_PLAYER_MISMATCH']]);
      // Both wrong, answers missing too: both mismatches, no rule errors.
      const { SteamId: _s, Username: _u, ...rest } = submissionOf(linked, { Age: null });
      expectErrors(await postSurvey(t, linked, rest), 400, [
        ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
        ['Username', 'ERROR_SURVEY_PLAYER_MISMATCH'],
      ]);
      // Another player's own SteamId and Username are still not this player's.
      const second = await surveyPlayer(t, 'SurveyRules2');
      expectErrors(
        await postSurvey(t, linked, {
          ...validAnswers(),
          SteamId: second.steamId,
          Username: second.username,
        }),
        400,
        [
          ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
          ['Username', 'ERROR_SURVEY_PLAYER_MISMATCH'],
        ],
      );
      await expectNothingStored(t, linked);
      await expectNothingStored(t, second);
    });

    it('answers 401 without a valid player bearer, storing nothing', async () => {
      const payload = submissionOf(linked);
      expectErrors(await postSurvey(t, linked, payload, { 'x-api-key': TEST_API_KEY }), 401, [
        ['', 'ERROR_UNAUTHORIZED'],
      ]);
      expectErrors(await postSurvey(t, linked, payload, { ...ANONYMOUS }), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      expectErrors(await postSurvey(t, linked, payload, asUser('not.a.token')), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      expectErrors(await postSurvey(t, linked, payload, asUser(`${linked.token.slice(0, -2)}xx`)), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      expectErrors(await postSurvey(t, linked, payload, { authorization: `Bearer ${linked.token}` }), 401, [
        ['', 'ERROR_API_KEY_INVALID'],
      ]);
      // Refused before the body is read: a bad body still answers 401.
      expectErrors(await postSurvey(t, linked, { Age: 'x' }, { ...ANONYMOUS }), 401, [
        ['', 'ERROR_TOKEN_INVALID'],
      ]);
      await expectNothingStored(t, linked);
      // The same body with the player's bearer is refused only for the (deliberately) wrong SteamId.
      expectErrors(await postSurvey(t, linked, { ...payload, SteamId: 'not-mine' }), 400, [
        ['SteamId', 'ERROR_SURVEY_PLAYER_MISMATCH'],
      ]);
    });
  });
});
