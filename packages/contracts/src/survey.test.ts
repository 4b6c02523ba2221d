/**
 * The survey definition (spec §3 Survey answers, §4 Survey progressive reveal, §5 Survey submit, §9):
 * the option lists, the §5 rules of `surveyErrors`, the reveal of `activeStepCount`, the schema's type
 * checks and the country suggestions.
 */
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  COUNTRY_SUGGESTION_LIMIT,
  GAMING_WEBSITES,
  SURVEY_STEPS,
  SURVEY_STEP_COUNT,
  SurveyAnswersSchema,
  SurveySubmitRequestSchema,
  activeStepCount,
  suggestCountries,
  surveyErrors,
  type SurveyAnswers,
} from './survey.ts';

/** A complete answer set: every rule holds. */
const COMPLETE: SurveyAnswers = {
  Age: 2,
  Gender: 3,
  Country: 'France',
  DevType: 4,
  FavoriteFeatures: 'Forums',
  SocialNetworks: ['Discord', 'Reddit'],
  Gameinformationources: ['Wikis'],
  HasInfluencers: false,
  GamingWebsites: ['IGN', 'Other'],
  Reviews_GamingWebsite: 1,
  Reviews_Influencers: 2,
  Reviews_Steam: 4,
  HasOtherStudios: false,
};

describe('the survey definition', () => {
  it('has ten steps, each property asked once, step 10 only the optional message', () => {
    expect(SURVEY_STEPS).toHaveLength(SURVEY_STEP_COUNT);
    const all = SURVEY_STEPS.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(SURVEY_STEPS[9]).toEqual(['AdditionnalMessage']);
  });

  it('lists about 140 distinct countries and about 20 gaming websites plus Other', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(130);
    expect(COUNTRIES.length).toBeLessThanOrEqual(160);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(GAMING_WEBSITES.at(-1)).toBe('Other');
    expect(GAMING_WEBSITES.length - 1).toBeGreaterThanOrEqual(18);
  });
});

describe('surveyErrors (spec §5 Survey submit)', () => {
  it('accepts a complete answer set, with or without the optional message', () => {
    expect(surveyErrors(COMPLETE)).toEqual([]);
    expect(surveyErrors({ ...COMPLETE, AdditionnalMessage: 'Keep it up!' })).toEqual([]);
  });

  it('names every required question of an empty answer set, in step order', () => {
    expect(surveyErrors({})).toEqual([
      'Age',
      'Gender',
      'Country',
      'DevType',
      'FavoriteFeatures',
      'SocialNetworks',
      'Gameinformationources',
      'HasInfluencers',
      'GamingWebsites',
      'Reviews_GamingWebsite',
      'Reviews_Influencers',
      'Reviews_Steam',
      'HasOtherStudios',
    ]);
  });

  it.each([
    'Age',
    'Gender',
    'DevType',
    'FavoriteFeatures',
    'Reviews_GamingWebsite',
    'Reviews_Influencers',
    'Reviews_Steam',
    'HasInfluencers',
    'HasOtherStudios',
  ] as const)('requires %s to be chosen (null and absent alike)', (property) => {
    expect(surveyErrors({ ...COMPLETE, [property]: null })).toEqual([property]);
    const { [property]: _dropped, ...without } = COMPLETE;
    expect(surveyErrors(without)).toEqual([property]);
  });

  it('requires a non-blank Country', () => {
    for (const Country of ['', '   ', '\t\n', null]) {
      expect(surveyErrors({ ...COMPLETE, Country }), JSON.stringify(Country)).toEqual(['Country']);
    }
  });

  it.each(['SocialNetworks', 'Gameinformationources', 'GamingWebsites'] as const)(
    'refuses %s empty or holding a blank entry',
    (property) => {
      const chosen = COMPLETE[property]!;
      for (const value of [[], null, [...chosen, ''], ['  ']]) {
        expect(surveyErrors({ ...COMPLETE, [property]: value }), JSON.stringify(value)).toEqual([property]);
      }
    },
  );

  it('asks the text of a conditional answer only when its condition is on', () => {
    expect(surveyErrors({ ...COMPLETE, FavoriteFeatures: 'SomethingElse' })).toEqual([
      'OtherFavoriteFeatures',
    ]);
    expect(
      surveyErrors({ ...COMPLETE, FavoriteFeatures: 'SomethingElse', OtherFavoriteFeatures: 'Mods' }),
    ).toEqual([]);
    expect(surveyErrors({ ...COMPLETE, SocialNetworks: ['Other'], OtherSocialNetworks: ' ' })).toEqual([
      'OtherSocialNetworks',
    ]);
    expect(surveyErrors({ ...COMPLETE, SocialNetworks: ['Other'], OtherSocialNetworks: 'Mastodon' })).toEqual(
      [],
    );
    expect(surveyErrors({ ...COMPLETE, HasInfluencers: true })).toEqual(['Influencers']);
    expect(surveyErrors({ ...COMPLETE, HasInfluencers: true, Influencers: 'Some streamer' })).toEqual([]);
    expect(surveyErrors({ ...COMPLETE, HasOtherStudios: true, OtherStudios: '' })).toEqual(['OtherStudios']);
    expect(surveyErrors({ ...COMPLETE, HasOtherStudios: true, OtherStudios: 'A studio' })).toEqual([]);
    // Texts left over from a condition since turned off are not asked for.
    expect(surveyErrors({ ...COMPLETE, HasInfluencers: false, Influencers: '' })).toEqual([]);
  });

  it('checks only the given properties when asked for one step', () => {
    expect(surveyErrors({ Age: 1 }, SURVEY_STEPS[0])).toEqual(['Gender']);
    expect(surveyErrors({}, SURVEY_STEPS[9])).toEqual([]);
  });
});

describe('activeStepCount (spec §4 Survey progressive reveal)', () => {
  it('shows step 1 first, and each next step once the previous one is answered', () => {
    expect(activeStepCount({})).toBe(1);
    expect(activeStepCount({ Age: 1 })).toBe(1);
    expect(activeStepCount({ Age: 1, Gender: 2 })).toBe(2);
    expect(activeStepCount({ Age: 1, Gender: 2, Country: 'Peru' })).toBe(3);
    // A gap stops the reveal: step 3 unanswered hides step 4 even if its answer is set.
    expect(activeStepCount({ Age: 1, Gender: 2, Country: 'Peru', FavoriteFeatures: 'Help' })).toBe(3);
    expect(activeStepCount(COMPLETE)).toBe(SURVEY_STEP_COUNT);
  });

  it('holds a step back while its conditional text is missing', () => {
    const upToFive = {
      Age: 1,
      Gender: 1,
      Country: 'Chad',
      DevType: 1,
      FavoriteFeatures: 'SomethingElse',
    } as const;
    expect(activeStepCount(upToFive)).toBe(4);
    expect(activeStepCount({ ...upToFive, OtherFavoriteFeatures: 'Jams' })).toBe(5);
  });
});

describe('SurveyAnswersSchema', () => {
  it('accepts the complete answers and an empty object', () => {
    expect(SurveyAnswersSchema.safeParse(COMPLETE).success).toBe(true);
    expect(SurveyAnswersSchema.safeParse({}).success).toBe(true);
  });

  it.each([
    ['Age', 0],
    ['Age', 5],
    ['Age', 1.5],
    ['Age', '1'],
    ['Gender', 4],
    ['DevType', 7],
    ['Reviews_Steam', 0],
    ['FavoriteFeatures', 'Podcasts'],
    ['SocialNetworks', ['MySpace']],
    ['SocialNetworks', 'Discord'],
    ['GamingWebsites', ['ign']],
    ['HasInfluencers', 'yes'],
    ['Country', 'x'.repeat(201)],
    ['AdditionnalMessage', 'x'.repeat(2001)],
    ['GamingWebsites', Array.from({ length: 33 }, () => 'IGN')],
  ])('refuses %s = %j', (property, value) => {
    const parsed = SurveyAnswersSchema.safeParse({ ...COMPLETE, [property]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path[0]).toBe(property);
  });

  it('lets a blank entry through to the §5 rule, which names it', () => {
    const parsed = SurveyAnswersSchema.parse({ ...COMPLETE, SocialNetworks: ['Discord', ''] });
    expect(surveyErrors(parsed)).toEqual(['SocialNetworks']);
  });

  it('takes SteamId and Username with the answers', () => {
    const parsed = SurveySubmitRequestSchema.parse({
      ...COMPLETE,
      SteamId: '76561198000000001',
      Username: 'Ann',
    });
    expect(parsed).toMatchObject({ SteamId: '76561198000000001', Username: 'Ann', Age: 2 });
    expect(SurveySubmitRequestSchema.parse({})).toMatchObject({ SteamId: '', Username: '' });
  });
});

describe('suggestCountries (spec §9: up to 5 matches)', () => {
  it('offers at most five, names starting with the text first, then a word starting with it', () => {
    expect(suggestCountries('s').length).toBe(COUNTRY_SUGGESTION_LIMIT);
    expect(suggestCountries('united')).toEqual(['United Arab Emirates', 'United Kingdom', 'United States']);
    expect(suggestCountries('kingdom')).toEqual(['United Kingdom']);
    expect(suggestCountries('guinea')).toEqual(['Guinea', 'Papua New Guinea']);
  });

  it('ignores case, accents and surrounding spaces; offers nothing for blank or unknown text', () => {
    expect(suggestCountries('  CÔTE ')).toEqual(['Côte d’Ivoire']);
    expect(suggestCountries('cote')).toEqual(['Côte d’Ivoire']);
    expect(suggestCountries('')).toEqual([]);
    expect(suggestCountries('   ')).toEqual([]);
    expect(suggestCountries('Atlantis')).toEqual([]);
  });
});
