/**
 * The Steam Web API stand-in and the account resources it links to (DESIGN.md §1 Steam "player-summary
 * Web API"). Routes (absolute URLs are built from the sandbox's public URL at each request):
 * - `GET /steam/api/ISteamUser/GetPlayerSummaries/v0002/?key=<key>&steamids=<id>,<id>…` (also without
 *   the trailing slash) → `{"response":{"players":[…]}}`, one {@link PlayerSummary} per valid, distinct
 *   SteamID64 among the first {@link MAX_STEAM_IDS} listed, in request order (others are left out); a
 *   missing or unknown `key` → 403 with Steam's small HTML body; no `steamids` → 400 (HTML, as Steam).
 * - `GET /steam/avatars/<steamid>.svg[?size=small|medium|full]` → the account's SVG avatar
 *   (`image/svg+xml`; 32, 64 or 184 px, default full); 404 for anything else.
 * - `GET /steam/profiles/<steamid>/` → the profile page (`profileurl`); 404 page for an invalid id.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../party.ts';
import { isSteamId, type SteamAccountStore } from './accounts.ts';
import { avatarHash, avatarSvg, isAvatarSize } from './avatar.ts';
import { isSandboxSteamApiKey } from './keys.ts';
import { renderSteamErrorPage, renderSteamProfilePage, sendSteamPage } from './pages.ts';

/** Most Steam IDs one `GetPlayerSummaries` call reads; later ones are ignored (Steam's limit). */
export const MAX_STEAM_IDS = 100;

/** Path of `GetPlayerSummaries` (with its trailing slash). */
export const GET_PLAYER_SUMMARIES_PATH = '/steam/api/ISteamUser/GetPlayerSummaries/v0002/';

/** One player of `GetPlayerSummaries` (public fields of Steam's answer). */
export interface PlayerSummary {
  steamid: string;
  /** 3: public profile. */
  communityvisibilitystate: 3;
  /** 1: the profile is set up. */
  profilestate: 1;
  personaname: string;
  /** `${publicUrl}/steam/profiles/<steamid>/` */
  profileurl: string;
  /** 32 px avatar URL. */
  avatar: string;
  /** 64 px avatar URL. */
  avatarmedium: string;
  /** 184 px avatar URL. */
  avatarfull: string;
  /** 40 hex digits. */
  avatarhash: string;
  /** 1: online. */
  personastate: 1;
  /** Unix time in seconds of the last sign-in through the stand-in (or of its start). */
  lastlogoff: number;
}

/** Steam's body for a missing or wrong key. */
const FORBIDDEN_BODY =
  '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';

/** Steam's body for a call without `steamids`. */
const MISSING_STEAMIDS_BODY =
  "<html><head><title>Bad Request</title></head><body><h1>Bad Request</h1>Required parameter 'steamids' is missing</body></html>";

/** The first value of a query field when it is a string. */
function queryField(request: FastifyRequest, name: string): string | undefined {
  const value: unknown = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** The summary of `steamid` (a valid SteamID64) with URLs under `publicUrl`. */
export function playerSummary(
  accounts: SteamAccountStore,
  steamid: string,
  publicUrl: string,
): PlayerSummary {
  const personaname = accounts.personaName(steamid);
  const avatar = `${publicUrl}/steam/avatars/${steamid}.svg`;
  return {
    steamid,
    communityvisibilitystate: 3,
    profilestate: 1,
    personaname,
    profileurl: `${publicUrl}/steam/profiles/${steamid}/`,
    avatar: `${avatar}?size=small`,
    avatarmedium: `${avatar}?size=medium`,
    avatarfull: avatar,
    avatarhash: avatarHash(steamid, personaname),
    personastate: 1,
    lastlogoff: accounts.lastLogoff(steamid),
  };
}

/** The valid, distinct SteamID64s among the first {@link MAX_STEAM_IDS} of a comma-separated list. */
export function parseSteamIds(list: string): string[] {
  const ids = list
    .split(',')
    .slice(0, MAX_STEAM_IDS)
    .map((id) => id.trim());
  return [...new Set(ids.filter(isSteamId))];
}

/** The Fastify plugin of the Web API, avatar and profile routes over `accounts`. */
export function steamWebApiPlugin(context: SandboxContext, accounts: SteamAccountStore): FastifyPluginAsync {
  return async (app) => {
    const getPlayerSummaries = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      if (!isSandboxSteamApiKey(queryField(request, 'key'))) {
        return reply.code(403).header('content-type', 'text/html; charset=utf-8').send(FORBIDDEN_BODY);
      }
      const steamids = queryField(request, 'steamids');
      if (steamids === undefined) {
        return reply.code(400).header('content-type', 'text/html; charset=utf-8').send(MISSING_STEAMIDS_BODY);
      }
      const publicUrl = context.publicUrl();
      const players = parseSteamIds(steamids).map((id) => playerSummary(accounts, id, publicUrl));
      return { response: { players } };
    };
    app.get(GET_PLAYER_SUMMARIES_PATH, getPlayerSummaries);
    app.get(GET_PLAYER_SUMMARIES_PATH.slice(0, -1), getPlayerSummaries);

    app.get<{ Params: { file: string } }>('/steam/avatars/:file', async (request, reply) => {
      const steamid = /^(\d{17})\.svg$/.exec(request.params.file)?.[1];
      const size = queryField(request, 'size') ?? 'full';
      if (!isSteamId(steamid) || !isAvatarSize(size)) {
        return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
      }
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(avatarSvg(steamid, accounts.personaName(steamid), size));
    });

    app.get<{ Params: { steamid: string } }>('/steam/profiles/:steamid', async (request, reply) =>
      reply.redirect(`/steam/profiles/${encodeURIComponent(request.params.steamid)}/`, 308),
    );
    app.get<{ Params: { steamid: string } }>('/steam/profiles/:steamid/', async (request, reply) => {
      const { steamid } = request.params;
      if (!isSteamId(steamid)) {
        return sendSteamPage(reply, renderSteamErrorPage('No such profile', 'This is not a Steam ID.'), 404);
      }
      return sendSteamPage(reply, renderSteamProfilePage(accounts.account(steamid)));
    });
  };
}
