/**
 * Pure helpers of the survey page (spec §3 Survey answers; §4 Survey; §5 Survey submit and "Survey data
 * is sent only if a PC game store connection exists"; §7 POST survey/qualification): the player's Steam
 * account id, multiple-choice toggling, the request built from the answers, the country suggestions of
 * the combobox, and the mapping of a rejected submit onto the questions.
 */
import {
  COUNTRIES,
  FAVORITE_FEATURE_OTHER,
  SURVEY_STEPS,
  hasOtherSocialNetwork,
  suggestCountries,
  surveyErrors,
  type Connection,
  type SurveyAnswers,
  type SurveyProperty,
  type SurveySubmitRequest,
} from '@guildgate/contracts';
import { collectFormErrors } from '../../shared/api/form-errors.ts';

/** Every question of the survey, in step order. */
export const SURVEY_PROPERTIES: readonly SurveyProperty[] = SURVEY_STEPS.flat();

/** The error code of a question left unanswered (spec §5 'You must answer this question.'). */
export const ANSWER_REQUIRED = 'ERROR_SURVEY_ANSWER_REQUIRED';

/** An error code per question (the first one), as shown under the questions. */
export type QuestionErrors = Partial<Record<SurveyProperty, string>>;

/**
 * The account id of the player's linked PC game store (Steam) connection, which the survey is sent with
 * (spec §5, §7 SteamId); null when Steam is not linked (or the link carries no account id), in which
 * case the survey prompts to connect it (spec §2 Survey).
 */
export function steamAccountId(connections: readonly Connection[]): string | null {
  const steam = connections.find((c) => c.CanonicalName === 'steam' && c.IsLinked);
  return steam?.Id_Account ? steam.Id_Account : null;
}

/**
 * A multiple-choice answer with `value` checked or unchecked, kept in the order of `options`
 * (spec §3 SocialNetworks, Gameinformationources, GamingWebsites).
 */
export function toggleChoice(
  options: readonly string[],
  current: readonly string[] | null | undefined,
  value: string,
  checked: boolean,
): string[] {
  const chosen = new Set(current ?? []);
  if (checked) chosen.add(value);
  else chosen.delete(value);
  return options.filter((option) => chosen.has(option));
}

/** Trimmed text, or null when blank. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The body of POST survey/qualification (spec §7: the survey plus SteamId and Username): texts trimmed
 * (blank ones null), each conditional text sent only while its condition holds ('Something else',
 * 'Other' social network, yes to influencers, yes to other studios), and HasOtherSocialNetworks derived
 * from the social networks chosen.
 */
export function surveyRequest(
  answers: SurveyAnswers,
  steamId: string,
  username: string,
): SurveySubmitRequest {
  const otherSocial = hasOtherSocialNetwork(answers);
  return {
    Age: answers.Age ?? null,
    Gender: answers.Gender ?? null,
    Country: text(answers.Country),
    DevType: answers.DevType ?? null,
    FavoriteFeatures: answers.FavoriteFeatures ?? null,
    OtherFavoriteFeatures:
      answers.FavoriteFeatures === FAVORITE_FEATURE_OTHER ? text(answers.OtherFavoriteFeatures) : null,
    SocialNetworks: [...(answers.SocialNetworks ?? [])],
    HasOtherSocialNetworks: otherSocial,
    OtherSocialNetworks: otherSocial ? text(answers.OtherSocialNetworks) : null,
    Gameinformationources: [...(answers.Gameinformationources ?? [])],
    HasInfluencers: answers.HasInfluencers ?? null,
    Influencers: answers.HasInfluencers === true ? text(answers.Influencers) : null,
    GamingWebsites: [...(answers.GamingWebsites ?? [])],
    Reviews_GamingWebsite: answers.Reviews_GamingWebsite ?? null,
    Reviews_Influencers: answers.Reviews_Influencers ?? null,
    Reviews_Steam: answers.Reviews_Steam ?? null,
    HasOtherStudios: answers.HasOtherStudios ?? null,
    OtherStudios: answers.HasOtherStudios === true ? text(answers.OtherStudios) : null,
    AdditionnalMessage: text(answers.AdditionnalMessage),
    SteamId: steamId,
    Username: username,
  };
}

/** The errors of the §5 check: 'You must answer this question.' for each failing question. */
export function requiredErrors(answers: SurveyAnswers): QuestionErrors {
  return Object.fromEntries(surveyErrors(answers).map((property) => [property, ANSWER_REQUIRED]));
}

/**
 * The errors left once `property` changed to give `next`: that question's own error goes (the player
 * answered it), and so does the error of a conditional text whose condition no longer holds.
 */
export function errorsAfterChange(
  errors: QuestionErrors,
  property: SurveyProperty,
  next: SurveyAnswers,
): QuestionErrors {
  const dropped = new Set<string>([property]);
  const conditions: [SurveyProperty, boolean][] = [
    ['OtherFavoriteFeatures', next.FavoriteFeatures === FAVORITE_FEATURE_OTHER],
    ['OtherSocialNetworks', hasOtherSocialNetwork(next)],
    ['Influencers', next.HasInfluencers === true],
    ['OtherStudios', next.HasOtherStudios === true],
  ];
  for (const [text, asked] of conditions) if (!asked) dropped.add(text);
  return Object.fromEntries(Object.entries(errors).filter(([question]) => !dropped.has(question)));
}

/** The fields a rejection may name: the questions and HasOtherSocialNetworks (part of SocialNetworks). */
const SERVER_FIELDS = [...SURVEY_PROPERTIES, 'HasOtherSocialNetworks'] as const;

/**
 * A rejected submit shown in the form (spec §8 Shape): a 400's items naming a question go under that
 * question (HasOtherSocialNetworks under SocialNetworks), the others (SteamId, Username, no Property)
 * to the general list; a 429 is ERROR_RATE_LIMITED in the general list.
 * @returns null for any other failure, which only re-enables the button (spec §4 "Submit failure
 *   silently re-enables the button")
 */
export function submitErrors(error: unknown): { questions: QuestionErrors; general: string[] } | null {
  const collected = collectFormErrors(error, SERVER_FIELDS);
  if (!collected) return null;
  const { HasOtherSocialNetworks, ...fields } = collected.fields;
  const questions: QuestionErrors = { ...fields };
  if (HasOtherSocialNetworks && !questions.SocialNetworks) questions.SocialNetworks = HasOtherSocialNetworks;
  return { questions, general: collected.general };
}

/** The first question, in step order, that has an error; null when none. */
export function firstFailing(errors: QuestionErrors): SurveyProperty | null {
  return SURVEY_PROPERTIES.find((property) => errors[property]) ?? null;
}

/** One entry of the Country combobox (react-aria collection item: `id` is the key). */
export interface CountryItem {
  id: string;
  name: string;
}

/** Every country of the list, as combobox entries (the combobox filters them, see {@link countryFilter}). */
export const COUNTRY_ITEMS: readonly CountryItem[] = COUNTRIES.map((name) => ({ id: name, name }));

/**
 * The filter of the Country combobox (spec §3 Country, §9 "up to 5 matches"): an entry is shown when it
 * is among `suggestCountries(typed)` — at most five, the countries starting with the typed text
 * preferred; none for blank text. The five keep the list's alphabetical order. The suggestions of the
 * last typed text are kept, so one keystroke computes them once rather than once per country.
 */
export function countryFilter(): (country: string, typed: string) => boolean {
  let lastTyped: string | null = null;
  let shown = new Set<string>();
  return (country, typed) => {
    if (typed !== lastTyped) {
      lastTyped = typed;
      shown = new Set(suggestCountries(typed));
    }
    return shown.has(country);
  };
}
