/**
 * Steam sign-in over OpenID 2.0 (spec §4 Linking a provider; §5 "The PC game store callback needs
 * openid.signed"), with the `openid` library in stateless mode (DESIGN.md §3): the assertion is checked
 * with the provider (check_authentication), never trusted from the query. Before the library runs, the
 * assertion must name our configured provider: `openid.op_endpoint` = `<STEAM_OPENID_URL>/login`,
 * `openid.claimed_id` = `openid.identity` = `<STEAM_OPENID_URL>/id/<SteamID64>`, and `return_to` the
 * exact address this link started with; its `response_nonce` is single use across API nodes (the
 * shared rate limits), on top of the library's own per-process nonce check.
 */
import type openid from 'openid';
import type { AppContext } from '../../../context.ts';
import { badRequest, serviceUnavailable } from '../../../lib/errors.ts';
import { withTimeout } from '../provider-call.ts';
import { takeQuota } from '../../rate-limits/index.ts';

const NOT_REACHABLE = 'ERROR_STEAM_NOT_REACHABLE' as const;
/** How long a response_nonce is remembered, ms (the library refuses nonces older than 5 min). */
const NONCE_MEMORY_MS = 10 * 60_000;

/**
 * The `openid` library, loaded at the first Steam sign-in (it brings axios: about 5 MB of heap a node
 * that never links Steam does not hold; issue 23 P5). The library keeps every discovered claimed
 * identifier in process memory for good: one entry per Steam account ever linked, never evicted; its
 * store is replaced on load so that it discovers afresh instead (one GET per verification).
 */
let library: Promise<typeof openid> | undefined;
function loadOpenid(): Promise<typeof openid> {
  library ??= import('openid').then(({ default: loaded }) => {
    const discoveryStore = loaded as unknown as {
      saveDiscoveredInformation: (key: string, provider: unknown, callback: (error: null) => void) => void;
      loadDiscoveredInformation: (key: string, callback: (error: null, provider: null) => void) => void;
    };
    discoveryStore.saveDiscoveredInformation = (_key, _provider, callback) => callback(null);
    discoveryStore.loadDiscoveredInformation = (_key, callback) => callback(null, null);
    return loaded;
  });
  return library;
}

/** The parts of the Steam configuration this module needs. */
function steamUrls(ctx: AppContext): { identifier: string; endpoint: string; claimedId: RegExp } {
  const identifier = ctx.config.linking.steam.openidUrl;
  const escaped = identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    identifier,
    endpoint: `${identifier}/login`,
    claimedId: new RegExp(`^${escaped}/id/(7656119\\d{10})$`),
  };
}

/** The realm Steam shows the player: the portal's origin (OpenID 2.0 §9.2). */
function realmOf(returnTo: string): string {
  return `${new URL(returnTo).origin}/`;
}

async function relyingParty(returnTo: string): Promise<openid.RelyingParty> {
  const { RelyingParty } = await loadOpenid();
  // stateless: check_authentication with the provider; strict: never fall back to third-party proxies.
  return new RelyingParty(returnTo, realmOf(returnTo), true, true, []);
}

/**
 * The provider URL that starts a Steam sign-in returning to `returnTo` (checkid_setup).
 * @throws 503 ERROR_STEAM_NOT_REACHABLE when discovery fails or times out
 */
export async function steamAuthUrl(ctx: AppContext, returnTo: string): Promise<string> {
  const { identifier } = steamUrls(ctx);
  const party = await relyingParty(returnTo);
  const work = new Promise<string>((resolve, reject) => {
    party.authenticate(identifier, false, (error, authUrl) => {
      if (error || !authUrl) reject(serviceUnavailable(NOT_REACHABLE));
      else resolve(authUrl);
    });
  });
  return withTimeout(work, ctx.config.linking.timeoutMs, NOT_REACHABLE);
}

/** Library messages that mean the provider did not answer (the rest mean a bad assertion). */
const UNREACHABLE_MESSAGES = [
  'Invalid assertion response from provider',
  'No OpenID provider was discovered for the asserted claimed identifier',
  'No valid providers were discovered for the asserted claimed identifier',
];

/**
 * Verifies a Steam OpenID 2.0 positive assertion received at `returnTo`.
 * @param params the callback query (`openid.*` fields; other fields are ignored)
 * @returns the SteamID64 it proves
 * @throws 400 ERROR_OPENID_UNAUTHORIZED without openid.signed, or for a foreign provider, a claimed id
 *   that is not Steam's or differs from the identity, another return_to, a replayed nonce, or a
 *   signature the provider does not confirm; 400 ERROR_LINK_CANCELLED when the player cancelled at
 *   Steam; 503 ERROR_STEAM_NOT_REACHABLE when Steam does not answer
 */
export async function verifySteamAssertion(
  ctx: AppContext,
  params: Record<string, string>,
  returnTo: string,
): Promise<string> {
  const refuse = () => badRequest('ERROR_OPENID_UNAUTHORIZED');
  if (params['openid.mode'] === 'cancel') throw badRequest('ERROR_LINK_CANCELLED');
  if (!params['openid.signed'] || params['openid.mode'] !== 'id_res') throw refuse();
  const { endpoint, claimedId } = steamUrls(ctx);
  const match = claimedId.exec(params['openid.claimed_id'] ?? '');
  if (
    params['openid.ns'] !== 'http://specs.openid.net/auth/2.0' ||
    params['openid.op_endpoint'] !== endpoint ||
    !match ||
    params['openid.identity'] !== params['openid.claimed_id'] ||
    params['openid.return_to'] !== returnTo
  ) {
    throw refuse();
  }
  const nonce = params['openid.response_nonce'];
  if (!nonce || nonce.length > 255) throw refuse();
  // Single use: the first sight of a nonce takes its one point, any replay finds none left.
  const once = { points: 1, durationSeconds: NONCE_MEMORY_MS / 1000 };
  if (!(await takeQuota(ctx.rateLimits, 'openid-nonce', once, `${endpoint}:${nonce}`))) throw refuse();

  const assertion = new URL(returnTo);
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('openid.')) assertion.searchParams.set(key, value);
  }
  const party = await relyingParty(returnTo);
  const work = new Promise<void>((resolve, reject) => {
    let settled = false; // the library may call back twice on an HTTP error
    party.verifyAssertion(assertion.toString(), (error, result) => {
      if (settled) return;
      settled = true;
      if (error && UNREACHABLE_MESSAGES.includes(error.message)) reject(serviceUnavailable(NOT_REACHABLE));
      else if (error || !result?.authenticated || result.claimedIdentifier !== params['openid.claimed_id']) {
        reject(refuse());
      } else resolve();
    });
  });
  await withTimeout(work, ctx.config.linking.timeoutMs, NOT_REACHABLE);
  return match[1];
}
