/**
 * Tests of the survey page's helpers (spec §3 Survey answers; §4 Survey; §5 Survey submit; §7 POST
 * survey/qualification; §9 "Country autocomplete: up to 5 matches").
 */
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_SUGGESTION_LIMIT,
  GAMING_WEBSITES,
  SOCIAL_NETWORKS,
  SurveySubmitRequestSchema,
  suggestCountries,
  type Connection,
  type SurveyAnswers,
} from '@guildgate/contracts';
import { ApiError } from '../../shared/api/api-error.ts';
import {
  ANSWER_REQUIRED,
  COUNTRY_ITEMS,
  countryFilter,
  errorsAfterChange,
  firstFailing,
  requiredErrors,
  steamAccountId,
  submitErrors,
  surveyRequest,
  toggleChoice,
} from './survey-answers.ts';

/** A connection row of GET profile/connects. */
function connection(overrides: Partial<Connection>): Connection {
  return {
    Id: 1,
    Id_Account: null,
    CanonicalName: 'steam',
    IsLinked: false,
    Name: 'Steam',
    ConnectName: null,
    Avatar: null,
    Icon: '',
    LastCheck: null,
    ...overrides,
  };
}

/** Answers that pass every §5 rule. */
const COMPLETE: SurveyAnswers = {
  Age: 2,
  Gender: 3,
  Country: ' France ',
  DevType: 1,
  FavoriteFeatures: 'Forums',
  SocialNetworks: ['Discord'],
  Gameinformationources: ['Wikis'],
  HasInfluencers: false,
  GamingWebsites: ['IGN'],
  Reviews_GamingWebsite: 1,
  Reviews_Influencers: 2,
  Reviews_Steam: 4,
  HasOtherStudios: false,
};

describe('steamAccountId', () => {
  it('is the account id of the linked Steam connection', () => {
    const connections = [
      connection({ CanonicalName: 'twitch', IsLinked: true, Id_Account: 'tw-1' }),
      connection({ IsLinked: true, Id_Account: '76561190000000001' }),
    ];
    expect(steamAccountId(connections)).toBe('76561190000000001');
  });
  it('is null without a linked Steam connection, or without its account id', () => {
    expect(steamAccountId([])).toBeNull();
    expect(steamAccountId([connection({ IsLinked: false, Id_Account: '76561190000000001' })])).toBeNull();
    expect(steamAccountId([connection({ IsLinked: true, Id_Account: null })])).toBeNull();
    expect(
      steamAccountId([connection({ CanonicalName: 'epic-games', IsLinked: true, Id_Account: 'e' })]),
    ).toBeNull();
  });
});

describe('toggleChoice', () => {
  it('adds and removes a value, keeping the order of the options', () => {
    expect(toggleChoice(SOCIAL_NETWORKS, ['Twitch'], 'Discord', true)).toEqual(['Discord', 'Twitch']);
    expect(toggleChoice(SOCIAL_NETWORKS, ['Discord', 'Twitch'], 'Discord', false)).toEqual(['Twitch']);
    expect(toggleChoice(GAMING_WEBSITES, undefined, 'PC Gamer', true)).toEqual(['PC Gamer']);
  });
  it('does not duplicate a value checked twice', () => {
    expect(toggleChoice(SOCIAL_NETWORKS, ['Other'], 'Other', true)).toEqual(['Other']);
  });
});

describe('surveyRequest', () => {
  it('sends the answers with SteamId and Username, texts trimmed, and is a valid request', () => {
    const request = surveyRequest(
      { ...COMPLETE, AdditionnalMessage: '  Great games!  ' },
      '76561190000000001',
      'Ada',
    );
    expect(request).toMatchObject({
      Age: 2,
      Country: 'France',
      SocialNetworks: ['Discord'],
      HasOtherSocialNetworks: false,
      AdditionnalMessage: 'Great games!',
      SteamId: '76561190000000001',
      Username: 'Ada',
    });
    expect(SurveySubmitRequestSchema.safeParse(request).success).toBe(true);
  });
  it('sends a conditional text only while its condition holds', () => {
    const stale = surveyRequest(
      {
        ...COMPLETE,
        OtherFavoriteFeatures: 'Streams',
        OtherSocialNetworks: 'Mastodon',
        Influencers: 'Someone',
        OtherStudios: 'Some studio',
      },
      's',
      'u',
    );
    expect(stale).toMatchObject({
      OtherFavoriteFeatures: null,
      OtherSocialNetworks: null,
      Influencers: null,
      OtherStudios: null,
    });
    const asked = surveyRequest(
      {
        ...COMPLETE,
        FavoriteFeatures: 'SomethingElse',
        OtherFavoriteFeatures: ' Streams ',
        SocialNetworks: ['Discord', 'Other'],
        OtherSocialNetworks: 'Mastodon',
        HasInfluencers: true,
        Influencers: 'Someone',
        HasOtherStudios: true,
        OtherStudios: 'Some studio',
      },
      's',
      'u',
    );
    expect(asked).toMatchObject({
      OtherFavoriteFeatures: 'Streams',
      HasOtherSocialNetworks: true,
      OtherSocialNetworks: 'Mastodon',
      Influencers: 'Someone',
      OtherStudios: 'Some studio',
    });
  });
  it('sends a blank optional message as null', () => {
    expect(surveyRequest({ ...COMPLETE, AdditionnalMessage: '   ' }, 's', 'u').AdditionnalMessage).toBeNull();
    expect(surveyRequest(COMPLETE, 's', 'u').AdditionnalMessage).toBeNull();
  });
});

describe('requiredErrors and firstFailing', () => {
  it('finds nothing in complete answers', () => {
    expect(requiredErrors(COMPLETE)).toEqual({});
    expect(firstFailing(requiredErrors(COMPLETE))).toBeNull();
  });
  it("marks each failing question 'You must answer this question.', the first in step order", () => {
    const errors = requiredErrors({ ...COMPLETE, Country: '  ', HasOtherStudios: true, Age: null });
    expect(errors).toEqual({ Age: ANSWER_REQUIRED, Country: ANSWER_REQUIRED, OtherStudios: ANSWER_REQUIRED });
    expect(firstFailing(errors)).toBe('Age');
    expect(firstFailing({ Reviews_Steam: 'x', SocialNetworks: 'y' })).toBe('SocialNetworks');
  });
});

describe('errorsAfterChange', () => {
  it("drops the changed question's error and keeps the others", () => {
    expect(
      errorsAfterChange({ Age: ANSWER_REQUIRED, Gender: ANSWER_REQUIRED }, 'Age', {
        ...COMPLETE,
        Gender: null,
      }),
    ).toEqual({ Gender: ANSWER_REQUIRED });
  });
  it('drops the error of a conditional text whose condition is gone', () => {
    const errors = { OtherSocialNetworks: ANSWER_REQUIRED, Influencers: ANSWER_REQUIRED };
    expect(errorsAfterChange(errors, 'SocialNetworks', { ...COMPLETE, HasInfluencers: true })).toEqual({
      Influencers: ANSWER_REQUIRED,
    });
    expect(errorsAfterChange(errors, 'HasInfluencers', COMPLETE)).toEqual({});
  });
});

describe('submitErrors', () => {
  const refused = (items: { Property: string; ErrorMessage: string }[]) =>
    new ApiError(400, { ErrorMessages: items });
  it('puts items naming a question under it, whatever the case, and the others in the general list', () => {
    expect(
      submitErrors(
        refused([
          { Property: 'country', ErrorMessage: 'ERROR_SURVEY_ANSWER_REQUIRED' },
          { Property: 'HasOtherSocialNetworks', ErrorMessage: 'ERROR_FIELD_INVALID' },
          { Property: 'SteamId', ErrorMessage: 'ERROR_SURVEY_STEAM_REQUIRED' },
          { Property: '', ErrorMessage: 'ERROR_SURVEY_PLAYER_MISMATCH' },
        ]),
      ),
    ).toEqual({
      questions: { Country: 'ERROR_SURVEY_ANSWER_REQUIRED', SocialNetworks: 'ERROR_FIELD_INVALID' },
      general: ['ERROR_SURVEY_STEAM_REQUIRED', 'ERROR_SURVEY_PLAYER_MISMATCH'],
    });
  });
  it('shows a rate limit in the general list', () => {
    expect(submitErrors(new ApiError(429))).toEqual({ questions: {}, general: ['ERROR_RATE_LIMITED'] });
  });
  it('leaves any other failure to a silent retry (spec §4)', () => {
    expect(submitErrors(new ApiError(500))).toBeNull();
    expect(submitErrors(new ApiError(0))).toBeNull();
    expect(submitErrors(new Error('network'))).toBeNull();
  });
});

describe('countryFilter', () => {
  const shown = (typed: string) =>
    COUNTRY_ITEMS.map((item) => item.name).filter((name) => countryFilter()(name, typed));
  it('lets at most five countries through, keyed by their name', () => {
    expect(COUNTRY_SUGGESTION_LIMIT).toBe(5);
    expect(shown('a')).toHaveLength(5);
    for (const item of COUNTRY_ITEMS) expect(item.id).toBe(item.name);
  });
  it('prefers the countries starting with the typed text, then shows the five alphabetically', () => {
    expect(shown('fra')).toEqual(['France']);
    // Six start with "ma" and two more have a word that does: the first five starting so are shown.
    expect(shown('ma')).toEqual(['Madagascar', 'Malaysia', 'Maldives', 'Mali', 'Malta']);
    expect(shown('sa')).toEqual([...suggestCountries('sa')].sort());
    expect(shown('sa')).toEqual(['El Salvador', 'San Marino', 'Saudi Arabia']);
  });
  it('follows the typed text from one call to the next', () => {
    const filter = countryFilter();
    expect(filter('France', 'fr')).toBe(true);
    expect(filter('France', 'ge')).toBe(false);
    expect(filter('Germany', 'ge')).toBe(true);
  });
  it('lets nothing through for blank text', () => {
    expect(shown('')).toEqual([]);
    expect(shown('   ')).toEqual([]);
  });
});
