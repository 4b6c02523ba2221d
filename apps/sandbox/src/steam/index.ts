/**
 * The Steam stand-in party (DESIGN.md §1 "Steam (OpenID 2.0 provider + player-summary Web API)"): what
 * the portal's Steam linking talks to on this machine. Routes, all absolute URLs built from
 * `context.publicUrl()` at each request:
 * - `GET /steam` → the start page (endpoints, demo accounts, API keys); `/steam/` → 308 there;
 * - the OpenID 2.0 provider under `/steam/openid` (discovery, approve page, assertions,
 *   `check_authentication`), see `provider.ts`;
 * - `GET /steam/api/ISteamUser/GetPlayerSummaries/v0002/`, avatars and profile pages, see `web-api.ts`.
 *
 * State (persona names typed on the approve page, sign-in times, accepted nonces, the signing secret) is
 * in memory, per party instance.
 */
import type { SandboxContext, SandboxParty } from '../party.ts';
import { SANDBOX_STEAM_DEMO_ACCOUNTS, SteamAccountStore } from './accounts.ts';
import { AssertionSigner } from './openid.ts';
import { renderSteamStartPage, sendSteamPage } from './pages.ts';
import { steamOpenIdPlugin } from './provider.ts';
import { steamWebApiPlugin } from './web-api.ts';

export { SANDBOX_STEAM_DEMO_ACCOUNTS, SteamAccountStore, isSteamId, type SteamAccount } from './accounts.ts';
export { SANDBOX_STEAM_API_KEYS, isSandboxSteamApiKey, type SandboxSteamApiKey } from './keys.ts';
export {
  AssertionSigner,
  IDENTIFIER_SELECT,
  OPENID_NS,
  SIGNED_FIELDS,
  encodeKeyValue,
  parseKeyValue,
  steamOpenIdUrls,
  type SteamOpenIdUrls,
} from './openid.ts';
export { NONCE_MAX_AGE_MS } from './nonces.ts';
export { GET_PLAYER_SUMMARIES_PATH, MAX_STEAM_IDS, type PlayerSummary } from './web-api.ts';

/**
 * The Steam party ("Steam", start page `/steam`) for the sandbox described by `context`, with its own
 * accounts, signing secret and nonce register; `close()` has nothing to release.
 */
export function steamParty(context: SandboxContext): SandboxParty {
  const accounts = new SteamAccountStore();
  const signer = new AssertionSigner();
  return {
    name: 'Steam',
    path: '/steam',
    description:
      'Steam stand-in: OpenID 2.0 sign-in with an approve page (demo or any Steam ID) and the GetPlayerSummaries Web API.',
    plugin: async (app) => {
      app.get('/steam', async (_request, reply) => {
        const demo = SANDBOX_STEAM_DEMO_ACCOUNTS.map((account) => accounts.account(account.steamid));
        return sendSteamPage(reply, renderSteamStartPage(context.publicUrl(), demo));
      });
      app.get('/steam/', async (_request, reply) => reply.redirect('/steam', 308));
      await app.register(steamOpenIdPlugin(context, accounts, signer));
      await app.register(steamWebApiPlugin(context, accounts));
    },
    close: async () => {},
  };
}
