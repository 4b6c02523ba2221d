/**
 * POST survey/qualification accepted (spec §2 Survey reward; §3 Survey answers; §7; contracts
 * `User.Badges`): the answers stored normalized, the Profiler Badge awarded once and shown by GET
 * profile/user/{id}, a second submission replacing the answers, two simultaneous first submissions
 * earning one badge, a Steam account linked through the real flow, account deletion removing answers
 * and badge, and every naughty string in every text field and choice. Real app, real store (SQLite,
 * and PostgreSQL with TEST_DATABASE_URL). Refusals: survey.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILER_BADGE, SurveySubmitResponseSchema, UserSchema } from '@guildgate/contracts';
import { EXTRA, NAUGHTY, collectProblems, inBatches, label } from '../../test/bad-input-support.ts';
import { STORES, asUser, json, type TestApp } from '../../test/harness.ts';
import { countRows, expectErrors } from '../../test/helpers.ts';
import {
  freshSteamId,
  linkingPlayer,
  postAs,
  queryOf,
  startLinkingApp,
  steamAssertion,
} from '../linking/test-support.ts';
import type { StoredSurveyAnswers } from './service.ts';
import {
  expectNothingStored,
  postSurvey,
  storedValidAnswers,
  submissionOf,
  surveyPlayer,
  surveyStateOf,
  validAnswers,
  type SurveyPlayer,
} from './test-support.ts';

describe.each(STORES)('survey submissions on %s', (kind) => {
  let t: TestApp;

  /** The player's badges as GET profile/user/{id} shows them. */
  const badgesShown = async (player: SurveyPlayer) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/user/${player.idUser}`,
      headers: asUser(player.token),
    });
    expect(res.statusCode).toBe(200);
    return UserSchema.strict().parse(json(res)).Badges;
  };

  beforeAll(async () => {
    t = await startLinkingApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the answers normalized, awards the Profiler Badge and shows it in the profile', async () => {
    const player = await surveyPlayer(t, 'SurveyFirst1');
    expect(await badgesShown(player)).toEqual([]);
    const res = await postSurvey(
      t,
      player,
      submissionOf(player, {
        ...validAnswers(),
        Country: '  Côte d’Ivoire \n',
        FavoriteFeatures: 'Votes',
        OtherFavoriteFeatures: 'dropped: not Something else',
        SocialNetworks: ['Twitch', 'Other', 'Discord', 'Twitch', 'Other'],
        HasOtherSocialNetworks: false,
        OtherSocialNetworks: '  Mastodon ',
        Gameinformationources: ['Wikis', 'LetsPlays', 'Wikis'],
        HasInfluencers: true,
        Influencers: '\tSome Streamer  ',
        GamingWebsites: ['Other', 'PC Gamer', 'IGN'],
        HasOtherStudios: false,
        OtherStudios: 'dropped: no other studios',
        AdditionnalMessage: '   ',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(SurveySubmitResponseSchema.strict().parse(json(res))).toEqual({
      Success: true,
      BadgeAwarded: true,
    });

    const state = await surveyStateOf(t, player);
    const expected: StoredSurveyAnswers = {
      ...storedValidAnswers(),
      Country: 'Côte d’Ivoire',
      FavoriteFeatures: 'Votes',
      OtherFavoriteFeatures: null,
      SocialNetworks: ['Discord', 'Twitch', 'Other'],
      HasOtherSocialNetworks: true,
      OtherSocialNetworks: 'Mastodon',
      Gameinformationources: ['LetsPlays', 'Wikis'],
      HasInfluencers: true,
      Influencers: 'Some Streamer',
      GamingWebsites: ['IGN', 'PC Gamer', 'Other'],
      HasOtherStudios: false,
      OtherStudios: null,
      AdditionnalMessage: null,
    };
    expect(state.row).toEqual({
      user_id: player.id,
      steam_id: player.steamId,
      username: player.username,
      answers: expected,
      submitted_at: state.row?.submitted_at,
      updated_at: state.row?.submitted_at,
    });
    expect(state.badges).toEqual([{ badge: PROFILER_BADGE, awarded_at: state.row?.submitted_at }]);
    expect(state.events).toEqual([{ badgeAwarded: true }]);
    expect(await badgesShown(player)).toEqual([{ Name: 'Profiler', AwardedAt: state.row?.submitted_at }]);
  });

  it('keeps the conditional texts whose condition holds, trimmed, and the optional message', async () => {
    const player = await surveyPlayer(t, 'SurveyTexts1');
    const res = await postSurvey(
      t,
      player,
      submissionOf(player, {
        ...validAnswers(),
        FavoriteFeatures: 'SomethingElse',
        OtherFavoriteFeatures: ' Mod workshop ',
        HasOtherStudios: true,
        OtherStudios: ' A studio, another ',
        AdditionnalMessage: '  Thanks!\nSee you.  ',
      }),
    );
    expect(json(res)).toEqual({ Success: true, BadgeAwarded: true });
    expect((await surveyStateOf(t, player)).row?.answers).toEqual({
      ...storedValidAnswers(),
      FavoriteFeatures: 'SomethingElse',
      OtherFavoriteFeatures: 'Mod workshop',
      HasOtherStudios: true,
      OtherStudios: 'A studio, another',
      AdditionnalMessage: 'Thanks!\nSee you.',
    });
  });

  it('replaces the answers on a second submission, without a second badge', async () => {
    const player = await surveyPlayer(t, 'SurveyAgain1');
    expect(json(await postSurvey(t, player, submissionOf(player)))).toEqual({
      Success: true,
      BadgeAwarded: true,
    });
    const first = await surveyStateOf(t, player);
    // The username is compared case-insensitively (usernames are unique so); the stored one is the player's.
    const res = await postSurvey(t, player, {
      ...submissionOf(player, { ...validAnswers(), Age: 4, Country: 'Japan', GamingWebsites: ['Kotaku'] }),
      Username: player.username.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ Success: true, BadgeAwarded: false });
    const second = await surveyStateOf(t, player);
    expect(second.row).toMatchObject({
      username: player.username,
      answers: { ...storedValidAnswers(), Age: 4, Country: 'Japan', GamingWebsites: ['Kotaku'] },
      submitted_at: first.row?.submitted_at,
    });
    expect(second.row!.updated_at >= first.row!.updated_at).toBe(true);
    expect(second.badges).toEqual(first.badges);
    expect(second.events).toEqual([{ badgeAwarded: true }, { badgeAwarded: false }]);
    expect(await badgesShown(player)).toEqual([
      { Name: PROFILER_BADGE, AwardedAt: first.badges[0].awarded_at },
    ]);
    // A refused submission afterwards leaves the stored answers as they were.
    expectErrors(await postSurvey(t, player, submissionOf(player, { ...validAnswers(), Age: null })), 400, [
      ['Age', 'ERROR_SURVEY_ANSWER_REQUIRED'],
    ]);
    expect(await surveyStateOf(t, player)).toEqual(second);
  });

  it('awards the badge once to simultaneous first submissions', async () => {
    const players = await Promise.all([surveyPlayer(t, 'SurveyRace1'), surveyPlayer(t, 'SurveyRace2')]);
    for (const player of players) {
      const answers = await Promise.all(
        [1, 2, 3, 4].map((age) =>
          postSurvey(t, player, submissionOf(player, { ...validAnswers(), Age: age })),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      const awarded = answers.map((res) => json<{ BadgeAwarded: boolean }>(res).BadgeAwarded);
      expect(awarded.filter(Boolean)).toHaveLength(1);
      const state = await surveyStateOf(t, player);
      expect(state.badges).toHaveLength(1);
      expect(state.row).toBeDefined();
      expect([1, 2, 3, 4]).toContain(state.row!.answers.Age);
      expect(state.events.filter((e) => e.badgeAwarded === true)).toHaveLength(1);
      expect(state.events).toHaveLength(4);
      expect(await badgesShown(player)).toHaveLength(1);
    }
  });

  it('accepts a Steam account linked through the real flow, and refuses again once it is unlinked', async () => {
    const player = await linkingPlayer(t, 'SurveyLinker1');
    const steamId = freshSteamId();
    const linked = await postAs(
      t,
      player,
      'steam/callback',
      queryOf(await steamAssertion(t, player, steamId)),
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const surveyor: SurveyPlayer = { ...player, token: player.token.Value, steamId };
    const res = await postSurvey(t, surveyor, submissionOf(surveyor));
    expect(json(res)).toEqual({ Success: true, BadgeAwarded: true });
    expect((await surveyStateOf(t, surveyor)).row?.steam_id).toBe(steamId);

    expect((await postAs(t, player, 'steam/unlink', { SteamId: steamId })).statusCode).toBe(200);
    expectErrors(await postSurvey(t, surveyor, submissionOf(surveyor)), 400, [
      ['SteamId', 'ERROR_SURVEY_STEAM_REQUIRED'],
    ]);
    // The earned badge and the answers stay.
    expect(await badgesShown(surveyor)).toHaveLength(1);
    expect((await surveyStateOf(t, surveyor)).events).toEqual([{ badgeAwarded: true }]);
  });

  it('removes the answers and the badge with the account', async () => {
    const player = await surveyPlayer(t, 'SurveyLeaver1');
    const stayer = await surveyPlayer(t, 'SurveyStayer1');
    for (const p of [player, stayer]) {
      expect((await postSurvey(t, p, submissionOf(p))).statusCode).toBe(200);
    }
    const responses = await countRows(t, 'survey_responses');
    const badges = await countRows(t, 'user_badges');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deletion/user/${player.idUser}`,
      headers: asUser(player.token),
      payload: {
        Password: player.password,
        Email: player.email,
        Id_DeletionType: null,
        DeletionReason: null,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectNothingStored(t, player);
    expect(await countRows(t, 'survey_responses')).toBe(responses - 1);
    expect(await countRows(t, 'user_badges')).toBe(badges - 1);
    const left = await t.ctx.db.selectFrom('survey_responses').select('steam_id').execute();
    expect(left.map((r) => r.steam_id)).not.toContain(player.steamId);
    // The other player's answers and badge stay.
    expect((await surveyStateOf(t, stayer)).row).toBeDefined();
    expect(await badgesShown(stayer)).toHaveLength(1);
  });

  it('answers every naughty string in every text field and choice with 200 or 400, never a 5xx', async () => {
    const player = await surveyPlayer(t, 'SurveyFuzz1');
    // As in the naughty-strings suite: the whole corpus on SQLite, a third of it plus EXTRA on PostgreSQL.
    const corpus =
      kind === 'sqlite' ? NAUGHTY : [...new Set([...NAUGHTY.filter((_, i) => i % 3 === 0), ...EXTRA])];
    // Every conditional text asked, so that each fuzzed field is the only one that can fail.
    const texts = {
      FavoriteFeatures: 'SomethingElse',
      OtherFavoriteFeatures: 'Base text',
      SocialNetworks: ['Other'],
      OtherSocialNetworks: 'Base text',
      HasInfluencers: true,
      Influencers: 'Base text',
      HasOtherStudios: true,
      OtherStudios: 'Base text',
    };
    const { send, problems, expectNoProblems } = collectProblems(() => t);
    const accepted: string[] = [];
    const requests: Array<{ what: string; line: string; body: Record<string, unknown> }> = [];
    for (const line of corpus) {
      const base = submissionOf(player, { ...validAnswers(), ...texts });
      requests.push(
        {
          what: 'texts',
          line,
          body: {
            ...base,
            Country: line,
            OtherFavoriteFeatures: line,
            OtherSocialNetworks: line,
            Influencers: line,
            OtherStudios: line,
            AdditionnalMessage: line,
          },
        },
        {
          what: 'choices',
          line,
          body: {
            ...base,
            SocialNetworks: ['Other', line],
            Gameinformationources: [line],
            GamingWebsites: [line],
          },
        },
        { what: 'FavoriteFeatures', line, body: { ...base, FavoriteFeatures: line } },
        { what: 'SteamId', line, body: { ...base, SteamId: line } },
        { what: 'Username', line, body: { ...base, Username: line } },
      );
    }
    await inBatches(requests, 16, async ({ what, line, body }) => {
      const context = `survey/qualification ${what}=${label(line)}`;
      const res = await send(
        { method: 'POST', url: '/api/survey/qualification', headers: asUser(player.token), payload: body },
        context,
      );
      if (res.statusCode === 200 && what === 'texts') accepted.push(line.trim());
      else if (res.statusCode === 200 && what === 'choices') accepted.push('France');
      else if (res.statusCode === 200) problems.push(`${context} accepted`);
      else if (res.statusCode !== 200 && res.statusCode !== 400)
        problems.push(`${context} → ${res.statusCode}`);
    });
    expectNoProblems();
    expect(accepted.length).toBeGreaterThan(corpus.length / 2);
    // What was accepted last is what is stored, trimmed, in every text field.
    const state = await surveyStateOf(t, player);
    const stored = state.row!.answers;
    expect(accepted).toContain(stored.Country);
    if (stored.Country !== 'France') {
      expect([
        stored.OtherFavoriteFeatures,
        stored.OtherSocialNetworks,
        stored.Influencers,
        stored.OtherStudios,
        stored.AdditionnalMessage,
      ]).toEqual(Array.from({ length: 5 }, () => stored.Country));
    }
    expect(state.badges).toHaveLength(1);
    expect(await badgesShown(player)).toHaveLength(1);
  });
});
