/**
 * The linking calls (spec §7 Linking; §4 Linking a provider; §5 the PC game store callback rules):
 * GET {provider}/auth → URL; POST steam/callback, steam/partner/callback, twitch/callback,
 * epicgames/callback → AccountId (and RedirectUrl); POST {provider}/unlink.
 * Provider segments in paths: steam, twitch, epicgames; SPA routes: /steam, /twitch, /epic-games.
 */
import { z } from 'zod';
import { OptionalText } from './common.ts';

/** The providers a player links (spec §3 Connection CanonicalName, game-pass has no link flow). */
export const LINK_PROVIDERS = ['steam', 'twitch', 'epic-games'] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];

/** The SPA callback path of each provider (spec §7, §9 "Epic callback path: /epic-games/callback"). */
export const LINK_CALLBACK_PATHS = {
  steam: '/steam/callback',
  twitch: '/twitch/callback',
  'epic-games': '/epic-games/callback',
} as const satisfies Record<LinkProvider, string>;

/**
 * The callback path of the epic alternative redeemer (spec §7 "callbackPath /epicgames/callback when
 * the redeemer flag is on"): the provider returns to the API at `/api/epicgames/callback`, which
 * redeems the code and sends the browser on to the SPA's /epic-games/callback with the state.
 */
export const EPIC_REDEEMER_CALLBACK_PATH = '/epicgames/callback';

/** GET steam/auth, twitch/auth, epicgames/auth query. */
export const LinkAuthQuerySchema = z.object({
  callbackPath: z.string().max(200),
  redirectUrl: z.string().max(2048).optional(),
});
export type LinkAuthQuery = z.infer<typeof LinkAuthQuerySchema>;

/** GET {provider}/auth answer: the provider URL to send the browser to. */
export const LinkAuthResponseSchema = z.object({ URL: z.string() });
export type LinkAuthResponse = z.infer<typeof LinkAuthResponseSchema>;

/**
 * POST steam/callback: the callback page's whole query (spec §7 "query"): the OpenID 2.0 assertion
 * (`openid.*`) and the `link_state` handle the API put in `return_to`. Every value is a string.
 */
export const SteamCallbackRequestSchema = z.record(z.string().max(200), z.string().max(2048));
export type SteamCallbackRequest = z.infer<typeof SteamCallbackRequestSchema>;

/** POST steam/partner/callback (spec §7: State). */
export const SteamPartnerCallbackRequestSchema = z.object({ State: OptionalText });
export type SteamPartnerCallbackRequest = z.infer<typeof SteamPartnerCallbackRequestSchema>;

/** POST twitch/callback (spec §7: Code, CallbackPath; plus the OAuth `state` the provider returned). */
export const TwitchCallbackRequestSchema = z.object({
  Code: OptionalText,
  CallbackPath: OptionalText,
  State: OptionalText,
});
export type TwitchCallbackRequest = z.infer<typeof TwitchCallbackRequestSchema>;

/**
 * POST epicgames/callback (spec §7): Code (and State) from the query; with the alternative redeemer,
 * State, CallbackPath (/epic-games/callback) and the optional RedirectUrl (split at 'state=').
 */
export const EpicGamesCallbackRequestSchema = z.object({
  Code: OptionalText,
  State: OptionalText,
  CallbackPath: OptionalText,
  RedirectUrl: OptionalText,
});
export type EpicGamesCallbackRequest = z.infer<typeof EpicGamesCallbackRequestSchema>;

/**
 * Answer of the callbacks: the provider's account id (a SteamID64, a Twitch user id, an Epic account
 * id) and the allow-listed partner address to go back to, if the link started with one (spec §4: the
 * SPA appends steamid or epicgamesid to it).
 */
export const LinkCallbackResponseSchema = z.object({
  AccountId: z.string(),
  RedirectUrl: z.string().nullable(),
});
export type LinkCallbackResponse = z.infer<typeof LinkCallbackResponseSchema>;

/** POST steam/unlink (spec §7: SteamId). */
export const SteamUnlinkRequestSchema = z.object({ SteamId: OptionalText });
export type SteamUnlinkRequest = z.infer<typeof SteamUnlinkRequestSchema>;

/** POST twitch/unlink and POST epicgames/unlink: no fields (spec §7), but still one JSON object. */
export const UnlinkRequestSchema = z.object({});
export type UnlinkRequest = z.infer<typeof UnlinkRequestSchema>;
