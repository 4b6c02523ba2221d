/**
 * The partner community site as an OAuth 2.0 client of the Guildgate hub (spec §1 Single sign-on, §7
 * GET oauth, token/refresh, token/verify; RFC 6749 §4.1; RFC 7636; docs/partner-api.md "Signing players
 * in through the hub"), exactly as a real partner site would use it:
 * - `openid-client` builds the authorization request (state, PKCE S256) to the portal's `/oauth` page
 *   and exchanges the code at `POST /api/oauth/token` with HTTP Basic client credentials; the hub's
 *   metadata is given by hand, as partners of the spec's calls always did (the site is the proof, issue 21 §2,
 *   that they keep working unchanged now that the hub is an OpenID Provider with discovery);
 * - plain `fetch` calls `GET /api/token/verify` and `GET /api/token/refresh` with the site's client id,
 *   the portal's `x-api-key` and the site's HTTP Basic client credentials (those calls are the spec's,
 *   not OAuth's; a confidential client must authenticate to refresh, RFC 6749 §6), and
 *   `GET /api/oauth/profile` with the same credentials for the player's profile and badges.
 * Every call takes the client it is made as ({@link HubClient}): the site's own
 * ({@link PARTNER_SITE_CLIENT}), or one a visitor registered at the hub and chose on `/partner/client`
 * (issue 24: "an admin registers a partner client and the sandbox partner site signs in with it").
 * That client must be confidential: the hub's POST oauth/token and GET oauth/profile authenticate it.
 */
import * as client from 'openid-client';

/** A confidential client of the hub, as the site authenticates it (HTTP Basic, RFC 6749 §2.3.1). */
export interface HubClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * The site's client at the hub: the demo client the API seeds with `SEED_DEMO=1`
 * (`DEMO_PARTNER_CLIENT` in apps/api/src/db/seed.ts; registered redirect URI `<sandbox>/partner/callback`).
 */
export const PARTNER_SITE_CLIENT: HubClient = {
  clientId: 'sandbox-partner-site',
  clientSecret: 'sandbox-partner-secret',
};

/** Where the hub is and what its spec §7 calls need (the runtime configuration's account api key). */
export interface HubSettings {
  /** The hub's public address, e.g. "http://localhost:8080" (no trailing slash). */
  url: string;
  /** `x-api-key` of the hub's calls (its `API_KEYS`; the runtime configuration's account api key). */
  apiKey: string;
}

/** Default hub: `npm start`'s API node with its default keys. */
export const DEFAULT_HUB: HubSettings = {
  url: 'http://localhost:8080',
  apiKey: 'guildgate-local-web-key',
};

/**
 * `Authorization: Basic …` of `hubClient` (RFC 6749 §2.3.1: each part form-encoded first).
 * @throws URIError when a part is not well-formed UTF-16 (client-form.ts refuses such input first)
 */
function basicAuthorization(hubClient: HubClient): string {
  const pair = `${encodeURIComponent(hubClient.clientId)}:${encodeURIComponent(hubClient.clientSecret)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/** Bound of every call to the hub, seconds. */
const TIMEOUT_SECONDS = 10;

/** A sign-in the site started: what the callback must match (RFC 6749 §10.12, RFC 7636). */
export interface PendingSignIn {
  state: string;
  codeVerifier: string;
}

/** The hub's tokens of a signed-in player (RFC 6749 §5.1, plus the hub's `Id_User`). */
export interface HubTokens {
  accessToken: string;
  refreshToken: string;
}

/** Who GET token/verify says holds an access token. */
export interface VerifiedPlayer {
  idUser: string;
  username: string;
  /** Seconds the access token has left. */
  expiresIn: number;
}

/** Why a callback did not sign the player in; `detail` is shown to the person. */
export class SignInFailure extends Error {
  readonly reason: 'refused' | 'state' | 'exchange' | 'unreachable';
  readonly detail: string;

  constructor(reason: SignInFailure['reason'], detail: string, cause?: unknown) {
    super(`${reason}: ${detail}`, { cause });
    this.name = 'SignInFailure';
    this.reason = reason;
    this.detail = detail;
  }
}

/**
 * The hub as `openid-client` sees it for client `hubClient` (HTTP Basic at the token endpoint):
 * authorization endpoint = the portal's /oauth page, token endpoint = POST /api/oauth/token.
 */
export function hubConfiguration(hub: HubSettings, hubClient: HubClient): client.Configuration {
  const configuration = new client.Configuration(
    {
      issuer: hub.url,
      authorization_endpoint: `${hub.url}/oauth`,
      token_endpoint: `${hub.url}/api/oauth/token`,
    },
    hubClient.clientId,
    undefined,
    client.ClientSecretBasic(hubClient.clientSecret),
  );
  // Plain http only for a hub on this machine; a real partner site talks to an https hub.
  if (new URL(hub.url).protocol === 'http:') client.allowInsecureRequests(configuration);
  configuration.timeout = TIMEOUT_SECONDS;
  return configuration;
}

/**
 * A new authorization request (RFC 6749 §4.1.1): random state, PKCE S256 challenge.
 * @returns the address to send the browser to, and what to keep for the callback
 */
export async function startSignIn(
  configuration: client.Configuration,
  redirectUri: string,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const pending = { state: client.randomState(), codeVerifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    state: pending.state,
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/**
 * Redeems the hub's answer at the callback (RFC 6749 §4.1.2, §4.1.3): checks the state, reports an
 * `error` answer, exchanges the code with the PKCE verifier.
 * @param callbackUrl the callback address with the query as the browser brought it
 * @throws SignInFailure `refused` (the hub answered `error=…`), `state` (no sign-in of this browser
 *   waits for that state), `exchange` (the hub refused the code, or the client's credentials:
 *   invalid_client for a wrong secret or an unknown client), `unreachable`
 */
export async function finishSignIn(
  configuration: client.Configuration,
  callbackUrl: URL,
  pending: PendingSignIn | null,
): Promise<HubTokens> {
  const query = callbackUrl.searchParams;
  if (!pending || query.get('state') !== pending.state) {
    throw new SignInFailure('state', 'This answer does not belong to a sign-in started in this browser.');
  }
  const error = query.get('error');
  if (error !== null) {
    const description = query.get('error_description');
    throw new SignInFailure('refused', description ? `${error}: ${description}` : error);
  }
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
    });
    if (!tokens.refresh_token) throw new Error('The hub sent no refresh token');
    return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  } catch (cause) {
    if (cause instanceof client.ResponseBodyError) {
      if (cause.error === 'invalid_client') throw clientRefused(cause.error, cause);
      throw new SignInFailure('exchange', `The hub refused the code (${cause.error}).`, cause);
    }
    if (cause instanceof client.WWWAuthenticateChallengeError && cause.status === 401) {
      // RFC 6749 §5.2: a 401 invalid_client comes with the Basic challenge, before its body is read.
      const body = (await cause.response.json().catch(() => null)) as { error?: unknown } | null;
      throw clientRefused(typeof body?.error === 'string' ? body.error : 'invalid_client', cause);
    }
    throw new SignInFailure(
      'unreachable',
      'Guildgate could not be reached, or gave an answer this site could not use, to finish the sign-in.',
      cause,
    );
  }
}

/** The 'Sign-in failed' reason of a client the hub did not authenticate at the code exchange. */
function clientRefused(error: string, cause: unknown): SignInFailure {
  return new SignInFailure(
    'exchange',
    `The hub refused the client's credentials (${error}): check the client id and secret.`,
    cause,
  );
}

/** GET `${hub}/api/<path>?<query>` with the portal's api key and `hubClient`'s credentials. */
async function callHub(
  hub: HubSettings,
  hubClient: HubClient,
  path: string,
  query: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${hub.url}/api/${path}?${new URLSearchParams(query)}`, {
    headers: { 'x-api-key': hub.apiKey, authorization: basicAuthorization(hubClient) },
    signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body };
}

/**
 * GET token/verify as `hubClient` (spec §7).
 * @returns the player, or null when the hub refuses the token (400: expired, revoked, another
 *   client's) or the client's credentials (401: a secret rotated since the sign-in, a removed client)
 * @throws Error when the hub cannot be reached or answers something else
 */
export async function verifyAccessToken(
  hub: HubSettings,
  hubClient: HubClient,
  accessToken: string,
): Promise<VerifiedPlayer | null> {
  const { status, body } = await callHub(hub, hubClient, 'token/verify', {
    client_id: hubClient.clientId,
    access_token: accessToken,
  });
  if (status === 400 || status === 401) return null;
  const answer = body as { Id_User?: unknown; Username?: unknown; ExpiresIn?: unknown } | null;
  if (
    status !== 200 ||
    typeof answer?.Id_User !== 'string' ||
    typeof answer.Username !== 'string' ||
    typeof answer.ExpiresIn !== 'number'
  ) {
    throw new Error(`token/verify answered ${status}`);
  }
  return { idUser: answer.Id_User, username: answer.Username, expiresIn: answer.ExpiresIn };
}

/**
 * GET token/refresh as `hubClient` (spec §7): a new access token and refresh token (the old refresh
 * token is spent).
 * @returns the new tokens, or null when the hub refuses (400: session ended, refresh token spent; 401:
 *   the client's credentials)
 * @throws Error when the hub cannot be reached or answers something else
 */
export async function refreshTokens(
  hub: HubSettings,
  hubClient: HubClient,
  tokens: HubTokens,
): Promise<HubTokens | null> {
  const { status, body } = await callHub(hub, hubClient, 'token/refresh', {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    client_id: hubClient.clientId,
  });
  if (status === 400 || status === 401) return null;
  const answer = body as { AccessToken?: unknown; Refresh?: unknown } | null;
  if (status !== 200 || typeof answer?.AccessToken !== 'string' || typeof answer.Refresh !== 'string') {
    throw new Error(`token/refresh answered ${status}`);
  }
  return { accessToken: answer.AccessToken, refreshToken: answer.Refresh };
}

/** One badge of a player (the survey's Profiler Badge), as GET oauth/profile lists them. */
export interface HubBadge {
  name: string;
  /** ISO 8601. */
  awardedAt: string;
}

/** The signed-in player's public profile, as GET oauth/profile answers it (docs/partner-api.md). */
export interface HubProfile {
  idUser: string;
  username: string;
  /** The player's titles joined with spaces; '' when none. */
  titleName: string;
  /** When the account was created, ISO 8601. */
  createdAt: string;
  /** Oldest first. */
  badges: HubBadge[];
}

/**
 * GET oauth/profile with `hubClient`'s credentials: the public profile and badges of the player
 * `accessToken` names (scope `profile`).
 * @returns the profile, or null when the hub refuses the token (400: expired, revoked, another
 *   client's) or the client's credentials (401)
 * @throws Error when the hub cannot be reached or answers something else
 */
export async function fetchProfile(
  hub: HubSettings,
  hubClient: HubClient,
  accessToken: string,
): Promise<HubProfile | null> {
  const { status, body } = await callHub(hub, hubClient, 'oauth/profile', { access_token: accessToken });
  if (status === 400 || status === 401) return null;
  const answer = body as {
    Id_User?: unknown;
    Username?: unknown;
    TitleName?: unknown;
    CreatedAt?: unknown;
    Badges?: unknown;
  } | null;
  const badges = Array.isArray(answer?.Badges) ? (answer.Badges as Array<Record<string, unknown>>) : null;
  if (
    status !== 200 ||
    typeof answer?.Id_User !== 'string' ||
    typeof answer.Username !== 'string' ||
    typeof answer.TitleName !== 'string' ||
    typeof answer.CreatedAt !== 'string' ||
    !badges?.every((badge) => typeof badge.Name === 'string' && typeof badge.AwardedAt === 'string')
  ) {
    throw new Error(`oauth/profile answered ${status}`);
  }
  return {
    idUser: answer.Id_User,
    username: answer.Username,
    titleName: answer.TitleName,
    createdAt: answer.CreatedAt,
    badges: badges.map((badge) => ({ name: badge.Name as string, awardedAt: badge.AwardedAt as string })),
  };
}
