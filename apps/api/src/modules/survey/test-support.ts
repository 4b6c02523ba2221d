/**
 * Helpers of the survey API tests (spec §3 Survey answers, §5 Survey submit, §7 POST
 * survey/qualification): a complete valid set of answers, a player with a linked Steam account (written
 * to the store as the linking tests' set-up does, or linked through the real Steam flow in the
 * suites that need it), the call itself, and what the store holds for a player afterwards.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { SurveyAnswers } from '@guildgate/contracts';
import { asUser, type TestApp } from '../../test/harness.ts';
import { createPlayer, insertConnection, sessionOf, type Player } from '../../test/helpers.ts';
import { freshSteamId } from '../linking/test-support.ts';
import type { StoredSurveyAnswers } from './service.ts';

/** A complete valid set of answers (every §5 rule holds, no conditional text asked). */
export function validAnswers(): SurveyAnswers {
  return {
    Age: 2,
    Gender: 3,
    Country: 'France',
    DevType: 3,
    FavoriteFeatures: 'Forums',
    OtherFavoriteFeatures: null,
    SocialNetworks: ['Discord', 'Twitter'],
    HasOtherSocialNetworks: false,
    OtherSocialNetworks: null,
    Gameinformationources: ['Wikis'],
    HasInfluencers: false,
    Influencers: null,
    GamingWebsites: ['IGN'],
    Reviews_GamingWebsite: 1,
    Reviews_Influencers: 2,
    Reviews_Steam: 4,
    HasOtherStudios: false,
    OtherStudios: null,
    AdditionnalMessage: null,
  };
}

/** What {@link validAnswers} is stored as (choices in option order, Twitter before Discord). */
export function storedValidAnswers(): StoredSurveyAnswers {
  return {
    ...(validAnswers() as StoredSurveyAnswers),
    SocialNetworks: ['Twitter', 'Discord'],
  };
}

/** A confirmed, logged-in player; `steamId` is their linked Steam account, null when none is linked. */
export interface SurveyPlayer extends Player {
  token: string;
  steamId: string | null;
}

/**
 * Registers, confirms and logs in `username`; with `steam` (default) a Steam account with a fresh
 * SteamID is linked to them directly in the store (helpers' {@link insertConnection}).
 */
export async function surveyPlayer(t: TestApp, username: string, steam = true): Promise<SurveyPlayer> {
  const player = await createPlayer(t, username);
  const token = (await sessionOf(t, player)).token.Value;
  const steamId = steam ? freshSteamId() : null;
  if (steamId) await insertConnection(t, player.id, 'steam', steamId, `${username}OnSteam`, null);
  return { ...player, token, steamId };
}

/** The body of a submission of `player`: their SteamId and Username plus `answers` (default: valid). */
export function submissionOf(
  player: SurveyPlayer,
  answers: Record<string, unknown> = validAnswers(),
): Record<string, unknown> {
  return { SteamId: player.steamId ?? '', Username: player.username, ...answers };
}

/** POST survey/qualification with `payload`, as `player` (or with `headers`). */
export function postSurvey(
  t: TestApp,
  player: Pick<SurveyPlayer, 'token'>,
  payload: unknown,
  headers: Record<string, string> = asUser(player.token),
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/survey/qualification',
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** What the store holds for `player`: the survey row (answers parsed), badges, survey audit events. */
export async function surveyStateOf(t: TestApp, player: Pick<Player, 'id'>) {
  const row = await t.ctx.db
    .selectFrom('survey_responses')
    .selectAll()
    .where('user_id', '=', player.id)
    .executeTakeFirst();
  const badges = await t.ctx.db
    .selectFrom('user_badges')
    .select(['badge', 'awarded_at'])
    .where('user_id', '=', player.id)
    .execute();
  const events = await t.ctx.db
    .selectFrom('audit_events')
    .select('detail')
    .where('user_id', '=', player.id)
    .where('type', '=', 'survey.submitted')
    .orderBy('id')
    .execute();
  return {
    row: row && { ...row, answers: JSON.parse(row.answers) as StoredSurveyAnswers },
    badges,
    events: events.map((e) => JSON.parse(e.detail ?? '{}') as Record<string, unknown>),
  };
}

/** Asserts that no survey answers, badge or survey audit event of `player` are stored. */
export async function expectNothingStored(t: TestApp, player: Pick<Player, 'id'>): Promise<void> {
  expect(await surveyStateOf(t, player)).toEqual({ row: undefined, badges: [], events: [] });
}
