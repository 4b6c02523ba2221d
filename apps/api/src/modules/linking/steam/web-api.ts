/**
 * Steam Web API: the player summary of a SteamID64 (ISteamUser/GetPlayerSummaries/v0002), for the
 * Connection's ConnectName and Avatar (spec §3 Connection). The API key stays on the server.
 */
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { serviceUnavailable } from '../../../lib/errors.ts';
import type { ProviderAccount } from '../link-states.ts';

const SummarySchema = z.object({
  response: z.object({
    players: z.array(
      z.object({
        steamid: z.string(),
        personaname: z.string().max(256).optional(),
        avatarfull: z.string().max(2048).optional(),
      }),
    ),
  }),
});

/** An http(s) URL, or null. */
function httpUrlOrNull(value: string | undefined): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

/**
 * The account behind `steamId` with its persona name and avatar.
 * @throws 503 ERROR_STEAM_NOT_REACHABLE when the Web API is not configured (no STEAM_API_KEY), does
 *   not answer within the provider timeout, refuses our key or answers something unreadable
 */
export async function steamPlayerSummary(ctx: AppContext, steamId: string): Promise<ProviderAccount> {
  const { apiUrl, apiKey } = ctx.config.linking.steam;
  if (!apiKey) throw serviceUnavailable('ERROR_STEAM_NOT_REACHABLE');
  const url = new URL(`${apiUrl}/ISteamUser/GetPlayerSummaries/v0002/`);
  url.searchParams.set('key', apiKey);
  url.searchParams.set('steamids', steamId);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(ctx.config.linking.timeoutMs) });
    if (!res.ok) throw new Error(`Steam Web API answered ${res.status}`);
    const body = SummarySchema.parse(await res.json());
    const player = body.response.players.find((p) => p.steamid === steamId);
    return {
      accountId: steamId,
      connectName: player?.personaname ?? null,
      avatar: httpUrlOrNull(player?.avatarfull),
    };
  } catch (error) {
    ctx.log.warn({ err: error }, 'Steam Web API call failed');
    throw serviceUnavailable('ERROR_STEAM_NOT_REACHABLE');
  }
}
