/**
 * The fuzz tables' sign-on routes (bad-input-support.ts builds the whole tables from these and the
 * others): the provider links (spec §7 Linking), the partner studios' sign-on (spec §7 partner calls)
 * and the hub's GET oauth and POST oauth/token (with credentials of no client here: fields reach the
 * schema checks, then 401; sso/token.test.ts sends the naughty strings with a real client's).
 * Every field of them gets the naughty strings and the structural bad input; none may answer 500.
 */
import { ANONYMOUS, asUser } from './harness.ts';
import type { BodyRouteSpec, FuzzSubject, GetRoute } from './bad-input-support.ts';

/** The POST routes of the links and the partner sign-on, for the suite's player. */
export function signOnBodyRoutes({ player, token }: FuzzSubject): BodyRouteSpec[] {
  return [
    {
      name: 'POST steam/callback',
      url: () => '/api/steam/callback',
      headers: () => asUser(token()),
      valid: () => ({ 'openid.mode': 'id_res', 'openid.signed': 'op_endpoint', link_state: 'unknown' }),
      text: ['openid.mode', 'openid.signed', 'openid.claimed_id', 'openid.return_to', 'link_state'],
    },
    {
      name: 'POST steam/partner/callback',
      url: () => '/api/steam/partner/callback',
      headers: () => asUser(token()),
      valid: () => ({ State: 'unknown-state' }),
      optionalText: ['State'],
    },
    {
      name: 'POST steam/unlink',
      url: () => '/api/steam/unlink',
      headers: () => asUser(token()),
      valid: () => ({ SteamId: '76561198000000001' }),
      optionalText: ['SteamId'],
    },
    {
      name: 'POST twitch/callback',
      url: () => '/api/twitch/callback',
      headers: () => asUser(token()),
      valid: () => ({ Code: 'code', CallbackPath: '/twitch/callback', State: 'unknown-state' }),
      optionalText: ['Code', 'CallbackPath', 'State'],
    },
    {
      name: 'POST epicgames/callback',
      url: () => '/api/epicgames/callback',
      headers: () => asUser(token()),
      valid: () => ({ Code: 'code', State: 'unknown-state', CallbackPath: '/epic-games/callback' }),
      optionalText: ['Code', 'State', 'CallbackPath', 'RedirectUrl'],
    },
    {
      name: 'POST twitch/unlink',
      url: () => '/api/twitch/unlink',
      headers: () => asUser(token()),
      valid: () => ({}),
    },
    {
      name: 'POST epicgames/unlink',
      url: () => '/api/epicgames/unlink',
      headers: () => asUser(token()),
      valid: () => ({}),
    },
    {
      name: 'POST partner/focus/login-url',
      url: () => '/api/partner/focus/login-url',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ ClientId: null, RedirectUrl: null }),
      optionalText: ['ClientId', 'RedirectUrl'],
    },
    {
      // The suite's player has a password (AuthType 1): refused whatever the fields.
      name: 'POST partner/login-url',
      url: () => '/api/partner/login-url',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({ Id_User: player().idUser, AuthPartner: 'Focus', Username: null, Email: null }),
      text: ['Id_User'],
      optionalText: ['AuthPartner', 'Username', 'Email'],
    },
    {
      // No verified identity waits for this state: refused whatever the other fields.
      name: 'POST partner/user/register',
      url: () => '/api/partner/user/register',
      headers: () => ({ ...ANONYMOUS }),
      valid: () => ({
        State: 'unknown-state',
        Username: 'FuzzPartner1',
        ApprovePrivacyPolicy: true,
        ApproveEULA: true,
        Email: null,
        Partner: null,
      }),
      text: ['State', 'Username'],
      optionalText: ['ClientId', 'Email', 'Partner', 'ReCAPTCHAToken', 'StudioName'],
      flags: ['ApprovePrivacyPolicy', 'ApproveEULA', 'ApproveCodeOfConduct', 'Additional'],
    },
    {
      // The hub's token endpoint (RFC 6749 §4.1.3), JSON here; no x-api-key, client credentials instead:
      // client_secret_post, so the body is read (HTTP Basic is checked before it, body-limits.test.ts).
      name: 'POST oauth/token',
      url: () => '/api/oauth/token',
      headers: () => ({}),
      valid: () => ({
        grant_type: 'authorization_code',
        code: 'unknown-code',
        redirect_uri: 'https://partner.example/callback',
        code_verifier: 'v'.repeat(43),
        client_id: 'fuzz-client',
        client_secret: 'fuzz-secret',
      }),
      text: ['grant_type', 'code', 'redirect_uri', 'code_verifier', 'client_id', 'client_secret'],
    },
  ];
}

/** The GET routes of the links and the partner sign-on, for the suite's token. */
export function signOnGetRoutes({ token }: Pick<FuzzSubject, 'token'>): GetRoute[] {
  return [
    ...(['steam', 'twitch', 'epicgames'] as const).map((segment) => ({
      name: `GET ${segment}/auth`,
      url: `/api/${segment}/auth`,
      headers: asUser(token()),
      query: ['callbackPath', 'redirectUrl'],
    })),
    ...['focus/oauth/partner', 'creativeassembly/oauth/partner', 'partner/log-in'].map((path) => ({
      name: `GET ${path}`,
      url: `/api/${path}`,
      headers: ANONYMOUS,
      query: ['code', 'state', 'iss', 'error'],
    })),
    {
      name: 'GET partner/focus/register-url',
      url: '/api/partner/focus/register-url',
      headers: ANONYMOUS,
      query: [],
    },
    {
      name: 'GET oauth',
      url: '/api/oauth',
      headers: asUser(token()),
      query: [
        'client_id',
        'redirect_uri',
        'state',
        'response_type',
        'code_challenge',
        'code_challenge_method',
      ],
    },
    {
      name: 'GET partner/user/{created}/log-in',
      url: '/api/partner/user/unknown-ticket/log-in',
      headers: ANONYMOUS,
      query: [],
    },
  ];
}
