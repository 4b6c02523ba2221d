/**
 * The fuzz tables' survey route (bad-input-support.ts builds the whole tables from these and the others):
 * POST survey/qualification (spec §7) with every answer of spec §3 Survey answers. The suites' player
 * has no Steam account linked, so a body that passes the schema is refused with
 * ERROR_SURVEY_STEAM_REQUIRED and nothing is stored; survey-store.test.ts sends the naughty strings as
 * a player with one, through to the store. Every text field gets the naughty strings and the structural
 * bad input, every single choice the wrong JSON types; none may answer 500.
 */
import { asUser } from './harness.ts';
import type { BodyRouteSpec, FuzzSubject } from './bad-input-support.ts';

/** The POST route of the survey, for the suite's player. */
export function surveyBodyRoutes({ player, token }: FuzzSubject): BodyRouteSpec[] {
  return [
    {
      name: 'POST survey/qualification',
      url: () => '/api/survey/qualification',
      headers: () => asUser(token()),
      valid: () => ({
        SteamId: '76561190000000000',
        Username: player().username,
        Age: 2,
        Gender: 1,
        Country: 'France',
        DevType: 3,
        FavoriteFeatures: 'SomethingElse',
        OtherFavoriteFeatures: 'Mods',
        SocialNetworks: ['Discord', 'Other'],
        HasOtherSocialNetworks: true,
        OtherSocialNetworks: 'Mastodon',
        Gameinformationources: ['Wikis'],
        HasInfluencers: true,
        Influencers: 'A streamer',
        GamingWebsites: ['IGN'],
        Reviews_GamingWebsite: 1,
        Reviews_Influencers: 2,
        Reviews_Steam: 3,
        HasOtherStudios: true,
        OtherStudios: 'A studio',
        AdditionnalMessage: 'Thanks',
      }),
      text: ['SteamId', 'Username'],
      // FavoriteFeatures is a single choice sent as text (null: not answered yet).
      optionalText: [
        'Country',
        'FavoriteFeatures',
        'OtherFavoriteFeatures',
        'OtherSocialNetworks',
        'Influencers',
        'OtherStudios',
        'AdditionnalMessage',
      ],
      // The yes/no answers may be null (not answered yet), which the table's flags refuse: they are
      // fuzzed in survey.test.ts instead.
      numbers: ['Age', 'Gender', 'DevType', 'Reviews_GamingWebsite', 'Reviews_Influencers', 'Reviews_Steam'],
    },
  ];
}
