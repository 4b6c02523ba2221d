/**
 * The profiling survey (spec §2 Survey; §3 Survey answers; §4 Survey; §5 Survey submit and "Survey data
 * is sent only if a PC game store connection exists"; §7 POST survey/qualification) and the badges it
 * earns (spec §1 "a Profiler Badge"; contracts `User.Badges`).
 *
 * A player's answers are one row of `survey_responses` (JSON of the normalized answers, with the Steam
 * account and username they were given for); a later submission replaces them. The first submission
 * awards the Profiler Badge, one row of `user_badges` per (player, badge): the insert does nothing when
 * the row exists, so of two simultaneous first submissions exactly one earns it. Answers, badge and
 * audit event are written in one transaction; a refused submission writes nothing. The rules are the
 * contracts' {@link surveyErrors}, the same function the page runs. See docs/survey.md.
 */
import {
  FAVORITE_FEATURE_OTHER,
  GAME_INFORMATION_SOURCES,
  GAMING_WEBSITES,
  PROFILER_BADGE,
  SOCIAL_NETWORKS,
  hasOtherSocialNetwork,
  surveyErrors,
  type Badge,
  type ErrorItem,
  type SurveyAnswers,
  type SurveySubmitRequest,
  type SurveySubmitResponse,
} from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { PlayerDataEraser } from '../../db/player-data.ts';
import { audit } from '../audit/index.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { getUserById, normalizeUsername } from '../accounts/index.ts';
import {
  awardBadge,
  deleteSurveyData,
  findBadges,
  findLinkedSteamId,
  upsertSurveyResponse,
} from './store.ts';

/**
 * The answers as stored (`survey_responses.answers`, JSON): every required answer set, texts trimmed,
 * multiple choices without repeats in option order, and the conditional texts only where their
 * condition holds (null otherwise). `HasOtherSocialNetworks` is derived from `SocialNetworks`.
 */
export interface StoredSurveyAnswers {
  Age: number;
  Gender: number;
  Country: string;
  DevType: number;
  FavoriteFeatures: NonNullable<SurveyAnswers['FavoriteFeatures']>;
  /** Only with FavoriteFeatures 'SomethingElse'. */
  OtherFavoriteFeatures: string | null;
  SocialNetworks: string[];
  /** 'Other' is among SocialNetworks. */
  HasOtherSocialNetworks: boolean;
  /** Only with 'Other' among SocialNetworks. */
  OtherSocialNetworks: string | null;
  Gameinformationources: string[];
  HasInfluencers: boolean;
  /** Only when HasInfluencers. */
  Influencers: string | null;
  GamingWebsites: string[];
  Reviews_GamingWebsite: number;
  Reviews_Influencers: number;
  Reviews_Steam: number;
  HasOtherStudios: boolean;
  /** Only when HasOtherStudios. */
  OtherStudios: string | null;
  /** Optional (step 10): null when blank. */
  AdditionnalMessage: string | null;
}

/** `value`, which {@link surveyErrors} has checked is set. */
function required<T>(value: T | null | undefined, property: string): T {
  if (value === null || value === undefined)
    throw new Error(`survey answer ${property} missing after checks`);
  return value;
}

/** `text` trimmed, or null when blank or absent. */
function trimmed(text: string | null | undefined): string | null {
  const value = text?.trim() ?? '';
  return value === '' ? null : value;
}

/** The entries of `chosen` in the order of `options`, each once. */
function inOptionOrder(options: readonly string[], chosen: readonly string[] | null | undefined): string[] {
  const set = new Set(chosen ?? []);
  return options.filter((option) => set.has(option));
}

/**
 * The answers to store for `answers`, which pass {@link surveyErrors} (spec §5): texts trimmed, choices
 * de-duplicated in option order, conditional texts kept only when their condition holds,
 * HasOtherSocialNetworks derived, AdditionnalMessage null when blank.
 * @throws Error when a required answer is missing (the caller must run surveyErrors first)
 */
export function normalizeAnswers(answers: SurveyAnswers): StoredSurveyAnswers {
  const favorite = required(answers.FavoriteFeatures, 'FavoriteFeatures');
  const hasOtherNetwork = hasOtherSocialNetwork(answers);
  const hasInfluencers = required(answers.HasInfluencers, 'HasInfluencers');
  const hasOtherStudios = required(answers.HasOtherStudios, 'HasOtherStudios');
  return {
    Age: required(answers.Age, 'Age'),
    Gender: required(answers.Gender, 'Gender'),
    Country: required(trimmed(answers.Country), 'Country'),
    DevType: required(answers.DevType, 'DevType'),
    FavoriteFeatures: favorite,
    OtherFavoriteFeatures:
      favorite === FAVORITE_FEATURE_OTHER ? trimmed(answers.OtherFavoriteFeatures) : null,
    SocialNetworks: inOptionOrder(SOCIAL_NETWORKS, answers.SocialNetworks),
    HasOtherSocialNetworks: hasOtherNetwork,
    OtherSocialNetworks: hasOtherNetwork ? trimmed(answers.OtherSocialNetworks) : null,
    Gameinformationources: inOptionOrder(GAME_INFORMATION_SOURCES, answers.Gameinformationources),
    HasInfluencers: hasInfluencers,
    Influencers: hasInfluencers ? trimmed(answers.Influencers) : null,
    GamingWebsites: inOptionOrder(GAMING_WEBSITES, answers.GamingWebsites),
    Reviews_GamingWebsite: required(answers.Reviews_GamingWebsite, 'Reviews_GamingWebsite'),
    Reviews_Influencers: required(answers.Reviews_Influencers, 'Reviews_Influencers'),
    Reviews_Steam: required(answers.Reviews_Steam, 'Reviews_Steam'),
    HasOtherStudios: hasOtherStudios,
    OtherStudios: hasOtherStudios ? trimmed(answers.OtherStudios) : null,
    AdditionnalMessage: trimmed(answers.AdditionnalMessage),
  };
}

/**
 * POST survey/qualification (spec §7) for the calling player: checks, then stores the answers and
 * awards the Profiler Badge on the first submission. Checks in order, each refusing with 400 and
 * writing nothing:
 * 1. no Steam account linked (spec §5) → `[{ Property: 'SteamId', ErrorMessage: 'ERROR_SURVEY_STEAM_REQUIRED' }]`;
 * 2. `SteamId` not the linked account's SteamID, `Username` not the player's username (compared
 *    case-insensitively, as usernames are unique) → ERROR_SURVEY_PLAYER_MISMATCH on each that differs;
 * 3. the §5 rules ({@link surveyErrors}) → ERROR_SURVEY_ANSWER_REQUIRED on each failing question, in
 *    step order.
 * Then one transaction: the answers ({@link normalizeAnswers}) replace the player's previous ones, the
 * badge is inserted unless held, and a 'survey.submitted' audit event `{ badgeAwarded }` is written.
 * @param userId the caller's internal users.id (from the bearer)
 * @returns `{ Success: true, BadgeAwarded }`, BadgeAwarded true only when this call earned the badge
 */
export async function submitSurvey(
  ctx: AppContext,
  userId: number,
  body: SurveySubmitRequest,
  ip: string | null,
): Promise<SurveySubmitResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const steamId = await findLinkedSteamId(trx, userId);
    if (steamId === undefined) throw badRequest('ERROR_SURVEY_STEAM_REQUIRED', 'SteamId');
    const user = await getUserById(trx, userId);
    const mismatches: ErrorItem[] = [];
    if (body.SteamId !== steamId)
      mismatches.push({ Property: 'SteamId', ErrorMessage: 'ERROR_SURVEY_PLAYER_MISMATCH' });
    if (normalizeUsername(body.Username) !== user.username_normalized)
      mismatches.push({ Property: 'Username', ErrorMessage: 'ERROR_SURVEY_PLAYER_MISMATCH' });
    if (mismatches.length > 0) throw validationFailed(mismatches);
    const failing = surveyErrors(body);
    if (failing.length > 0) {
      throw validationFailed(
        failing.map((property) => ({ Property: property, ErrorMessage: 'ERROR_SURVEY_ANSWER_REQUIRED' })),
      );
    }

    const answers = JSON.stringify(normalizeAnswers(body));
    const now = isoNow();
    await upsertSurveyResponse(trx, { userId, steamId, username: user.username, answers, now });
    const badgeAwarded = await awardBadge(trx, userId, PROFILER_BADGE, now);
    await audit({ db: trx }, userId, 'survey.submitted', ip, { badgeAwarded });
    return { Success: true, BadgeAwarded: badgeAwarded };
  });
}

/** The badges of player `userId`, oldest first (contracts `User.Badges`; spec §2 Survey reward). */
export async function loadBadges(db: Kysely<Database>, userId: number): Promise<Badge[]> {
  const rows = await findBadges(db, userId);
  return rows.map((r) => ({ Name: r.badge, AwardedAt: r.awarded_at }));
}

/**
 * The survey eraser (issue 20 §4): deletes the player's survey answers and badges inside deletion's
 * transaction.
 */
export const playerDataEraser: PlayerDataEraser = {
  module: 'survey',
  tables: ['survey_responses', 'user_badges'],
  async deletePlayerData(trx, player) {
    await deleteSurveyData(trx, player.id);
  },
};
