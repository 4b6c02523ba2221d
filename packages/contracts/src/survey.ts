/**
 * The profiling survey, defined once for the SPA and the API (spec §2 Survey; §3 Survey answers; §4
 * Survey; §5 Survey submit; §7 POST survey/qualification; §9 "Survey: 10 steps. Country autocomplete: up
 * to 5 matches"): every question and option, the ten steps, the rules of §5 as one pure function
 * ({@link surveyErrors}) that the page runs before submitting and the server runs again, and the call's
 * schemas. Answers use the spec's field names, typos included (`Gameinformationources`,
 * `AdditionnalMessage`).
 *
 * Decisions where the spec is silent (docs/survey.md): FavoriteFeatures is required like the other
 * single choices, and 'Something else' asks for its text (`OtherFavoriteFeatures`); 'Other' among the
 * social networks sets `HasOtherSocialNetworks` and asks for `OtherSocialNetworks`; `Influencers` and
 * `OtherStudios` are asked when `HasInfluencers` / `HasOtherStudios` is true. Country is free text (the
 * list only suggests).
 */
import { z } from 'zod';
import { COUNTRIES } from './survey-countries.ts';

export { COUNTRIES } from './survey-countries.ts';

/** Number of steps (spec §9). */
export const SURVEY_STEP_COUNT = 10;
/** Most country suggestions shown at once (spec §9). */
export const COUNTRY_SUGGESTION_LIMIT = 5;
/** Longest short free-text answer (country, the "other" texts), in characters. */
export const SURVEY_TEXT_MAX = 200;
/** Longest AdditionnalMessage, in characters. */
export const SURVEY_MESSAGE_MAX = 2000;
/** Most entries of a multiple-choice answer sent (more than there are options is refused). */
export const SURVEY_CHOICES_MAX = 32;
/** Name of the badge the survey earns (spec §1 "a Profiler Badge"; User.Badges[].Name). */
export const PROFILER_BADGE = 'Profiler' as const;

/** Age (spec §3): 1 under 18, 2 18-24 (the spec writes 19-24, leaving 18 out), 3 25-34, 4 over 34. */
export const AGE_OPTIONS = [1, 2, 3, 4] as const;
/** Gender (spec §3): 1 male, 2 female, 3 other. */
export const GENDER_OPTIONS = [1, 2, 3] as const;
/** DevType (spec §3): 1 game designer, 2 graphic artist, 3 developer, 4 writer, 5 producer, 6 musician. */
export const DEV_TYPE_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
/** Reviews_* (spec §3): 1 I don't care, 2 Not that much, 3 It helps, 4 Can't decide without them. */
export const REVIEW_OPTIONS = [1, 2, 3, 4] as const;

/** FavoriteFeatures (spec §3): single choice; `SomethingElse` asks for `OtherFavoriteFeatures`. */
export const FAVORITE_FEATURES = [
  'DevBlogs',
  'Forums',
  'Ideas',
  'Votes',
  'Contests',
  'Tutorials',
  'Help',
  'SomethingElse',
] as const;
/** The FavoriteFeatures choice that asks for text. */
export const FAVORITE_FEATURE_OTHER = 'SomethingElse';

/** SocialNetworks (spec §3): multiple choice; `Other` asks for `OtherSocialNetworks`. */
export const SOCIAL_NETWORKS = [
  'Twitter',
  'Discord',
  'Facebook',
  'Reddit',
  'Instagram',
  'Youtube',
  'Twitch',
  'SnapChat',
  'Other',
] as const;

/** Gameinformationources (spec §3, spelt so): multiple choice. */
export const GAME_INFORMATION_SOURCES = [
  'LetsPlays',
  'VideoGuides',
  'WrittenGuides',
  'Wikis',
  'Discussions',
  'Other',
] as const;

/** GamingWebsites (spec §3): multiple choice among 20 named sites plus Other. Values are the names. */
export const GAMING_WEBSITES = [
  'IGN',
  'GameSpot',
  'Polygon',
  'Kotaku',
  'PC Gamer',
  'Rock Paper Shotgun',
  'Eurogamer',
  'GamesRadar+',
  'Destructoid',
  'Giant Bomb',
  'VG247',
  'PCGamesN',
  'Game Informer',
  'Metacritic',
  'OpenCritic',
  'Game Developer',
  'The Verge',
  'Push Square',
  'Nintendo Life',
  'Jeuxvideo.com',
  'Other',
] as const;

/** Every answer property of the survey (spec §3 Survey answers), in step order. */
export type SurveyProperty =
  | 'Age'
  | 'Gender'
  | 'Country'
  | 'DevType'
  | 'FavoriteFeatures'
  | 'OtherFavoriteFeatures'
  | 'SocialNetworks'
  | 'OtherSocialNetworks'
  | 'Gameinformationources'
  | 'HasInfluencers'
  | 'Influencers'
  | 'GamingWebsites'
  | 'Reviews_GamingWebsite'
  | 'Reviews_Influencers'
  | 'Reviews_Steam'
  | 'HasOtherStudios'
  | 'OtherStudios'
  | 'AdditionnalMessage';

/**
 * The ten steps (spec §4 Survey: a step becomes active when all required answers of the previous step
 * are set; step 10 is optional): the properties each step asks, conditional ones included.
 */
export const SURVEY_STEPS: readonly (readonly SurveyProperty[])[] = [
  ['Age', 'Gender'],
  ['Country'],
  ['DevType'],
  ['FavoriteFeatures', 'OtherFavoriteFeatures'],
  ['SocialNetworks', 'OtherSocialNetworks'],
  ['Gameinformationources', 'HasInfluencers', 'Influencers'],
  ['GamingWebsites'],
  ['Reviews_GamingWebsite', 'Reviews_Influencers', 'Reviews_Steam'],
  ['HasOtherStudios', 'OtherStudios'],
  ['AdditionnalMessage'],
];

const shortText = z.string().max(SURVEY_TEXT_MAX).nullish();
/** A multiple choice: entries among `values`, or blank ones (which {@link surveyErrors} refuses). */
const choices = (values: readonly string[]) =>
  z
    .array(z.string().max(SURVEY_TEXT_MAX))
    .max(SURVEY_CHOICES_MAX)
    .refine((list) => list.every((v) => v.trim() === '' || values.includes(v)), 'unknown option')
    .nullish();
/** A single choice among `values`. */
const oneOf = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((v) => values.includes(v))
    .nullish();

/**
 * The answers as the page holds them and sends them (spec §3 Survey answers). Every answer may be
 * missing or null: whether it is required is {@link surveyErrors}' business (its message is 'You must
 * answer this question.'); a value of the wrong type or outside the options is ERROR_FIELD_INVALID.
 * A multiple choice may hold a blank entry only as '' (refused by {@link surveyErrors}).
 */
export const SurveyAnswersSchema = z.object({
  Age: oneOf(AGE_OPTIONS),
  Gender: oneOf(GENDER_OPTIONS),
  Country: shortText,
  DevType: oneOf(DEV_TYPE_OPTIONS),
  FavoriteFeatures: z.enum(FAVORITE_FEATURES).nullish(),
  OtherFavoriteFeatures: shortText,
  SocialNetworks: choices(SOCIAL_NETWORKS),
  HasOtherSocialNetworks: z.boolean().nullish(),
  OtherSocialNetworks: shortText,
  Gameinformationources: choices(GAME_INFORMATION_SOURCES),
  HasInfluencers: z.boolean().nullish(),
  Influencers: shortText,
  GamingWebsites: choices(GAMING_WEBSITES),
  Reviews_GamingWebsite: oneOf(REVIEW_OPTIONS),
  Reviews_Influencers: oneOf(REVIEW_OPTIONS),
  Reviews_Steam: oneOf(REVIEW_OPTIONS),
  HasOtherStudios: z.boolean().nullish(),
  OtherStudios: shortText,
  AdditionnalMessage: z.string().max(SURVEY_MESSAGE_MAX).nullish(),
});
export type SurveyAnswers = z.infer<typeof SurveyAnswersSchema>;

/** spec §7 POST survey/qualification body: the answers plus the player's SteamId and Username. */
export const SurveySubmitRequestSchema = SurveyAnswersSchema.extend({
  SteamId: z.string().max(64).default(''),
  Username: z.string().max(256).default(''),
});
export type SurveySubmitRequest = z.infer<typeof SurveySubmitRequestSchema>;

/**
 * Answer of POST survey/qualification: `BadgeAwarded` is true when this submission earned the Profiler
 * Badge (the first one), false when the player already held it (the answers are replaced).
 */
export const SurveySubmitResponseSchema = z.object({ Success: z.boolean(), BadgeAwarded: z.boolean() });
export type SurveySubmitResponse = z.infer<typeof SurveySubmitResponseSchema>;

/** A badge the player holds (shown in the account; spec §2 Survey reward). */
export const BadgeSchema = z.object({ Name: z.string(), AwardedAt: z.string() });
export type Badge = z.infer<typeof BadgeSchema>;

/** Blank: absent, null, or only whitespace. */
function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** A multiple-choice answer that is empty or holds a blank entry (spec §5). */
function badChoices(values: readonly string[] | null | undefined): boolean {
  return !values || values.length === 0 || values.some((v) => v.trim() === '');
}

/** Does the answer list of SocialNetworks hold `Other`? (Then OtherSocialNetworks is asked.) */
export function hasOtherSocialNetwork(answers: Pick<SurveyAnswers, 'SocialNetworks'>): boolean {
  return answers.SocialNetworks?.includes('Other') ?? false;
}

/**
 * The questions of `answers` that fail the §5 rules: Age, Gender, DevType and the three reviews chosen;
 * Country non-blank; FavoriteFeatures chosen; SocialNetworks, Gameinformationources and GamingWebsites
 * neither empty nor holding a blank entry; HasInfluencers and HasOtherStudios answered; and the text
 * of a chosen 'Something else' / 'Other' social network / yes to influencers / yes to other studios
 * non-blank. AdditionnalMessage (step 10) is optional.
 * @param answers the answers, possibly incomplete
 * @param properties only these questions (default: all), e.g. one step's
 * @returns the failing properties in step order, each to show 'You must answer this question.'
 *   (ERROR_SURVEY_ANSWER_REQUIRED); [] when every rule holds
 */
export function surveyErrors(
  answers: SurveyAnswers,
  properties: readonly SurveyProperty[] = SURVEY_STEPS.flat(),
): SurveyProperty[] {
  const failing: Record<SurveyProperty, boolean> = {
    Age: answers.Age == null,
    Gender: answers.Gender == null,
    Country: blank(answers.Country),
    DevType: answers.DevType == null,
    FavoriteFeatures: answers.FavoriteFeatures == null,
    OtherFavoriteFeatures:
      answers.FavoriteFeatures === FAVORITE_FEATURE_OTHER && blank(answers.OtherFavoriteFeatures),
    SocialNetworks: badChoices(answers.SocialNetworks),
    OtherSocialNetworks: hasOtherSocialNetwork(answers) && blank(answers.OtherSocialNetworks),
    Gameinformationources: badChoices(answers.Gameinformationources),
    HasInfluencers: answers.HasInfluencers == null,
    Influencers: answers.HasInfluencers === true && blank(answers.Influencers),
    GamingWebsites: badChoices(answers.GamingWebsites),
    Reviews_GamingWebsite: answers.Reviews_GamingWebsite == null,
    Reviews_Influencers: answers.Reviews_Influencers == null,
    Reviews_Steam: answers.Reviews_Steam == null,
    HasOtherStudios: answers.HasOtherStudios == null,
    OtherStudios: answers.HasOtherStudios === true && blank(answers.OtherStudios),
    AdditionnalMessage: false,
  };
  return properties.filter((property) => failing[property]);
}

/**
 * How many steps are shown (spec §4 Survey, progressive reveal): step 1, then each next step once every
 * required answer of the steps before it is set.
 * @returns 1 to {@link SURVEY_STEP_COUNT}
 */
export function activeStepCount(answers: SurveyAnswers): number {
  let shown = 1;
  while (shown < SURVEY_STEP_COUNT && surveyErrors(answers, SURVEY_STEPS[shown - 1]).length === 0) {
    shown += 1;
  }
  return shown;
}

/**
 * Country suggestions for `typed` (spec §3 Country, §9): the countries whose name starts with the typed
 * text first, then those with a word starting with it, case and accents ignored, at most
 * {@link COUNTRY_SUGGESTION_LIMIT}; none for blank text.
 */
export function suggestCountries(typed: string, limit = COUNTRY_SUGGESTION_LIMIT): string[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const query = fold(typed);
  if (!query) return [];
  const starts = COUNTRIES.filter((c) => fold(c).startsWith(query));
  const words = COUNTRIES.filter(
    (c) =>
      !fold(c).startsWith(query) &&
      fold(c)
        .split(/[\s-]+/)
        .some((w) => w.startsWith(query)),
  );
  return [...starts, ...words].slice(0, limit);
}
