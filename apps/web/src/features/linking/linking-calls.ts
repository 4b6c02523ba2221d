/**
 * Which call a linking page makes (spec §7 Linking; §5 PC game store callback rules). Pure.
 * The OAuth callbacks relay the provider's `state` too, so the API can bind the code to the session
 * that started the link (the API answers ERROR_STATE_EMPTY without it).
 */

/** The providers with linking routes. */
export type Provider = 'steam' | 'twitch' | 'epic-games';
/** The three pages of each provider. */
export type LinkStep = 'link' | 'callback' | 'unlink';

/** The call to make, or a bad request. */
export type LinkingCall =
  | { kind: 'auth'; path: string; query: Record<string, string> }
  | { kind: 'post'; path: string; body: Record<string, unknown> }
  | { kind: 'bad-request'; message: string };

/** Inputs of {@link linkingCall}. */
export interface LinkingInput {
  provider: Provider;
  step: LinkStep;
  query: URLSearchParams;
  redirectUrl: string | null;
  epicAlternativeRedeemer: boolean;
  steamId: string | null;
}

const API_SEGMENT: Record<Provider, string> = { steam: 'steam', twitch: 'twitch', 'epic-games': 'epicgames' };

/** The call of a linking page (spec §7). */
export function linkingCall(input: LinkingInput): LinkingCall {
  const { provider, step, query } = input;
  const api = API_SEGMENT[provider];
  if (step === 'link') {
    const callbackPath =
      provider === 'epic-games'
        ? input.epicAlternativeRedeemer
          ? '/epicgames/callback'
          : '/epic-games/callback'
        : `/${provider}/callback`;
    const q: Record<string, string> = { callbackPath };
    if (input.redirectUrl && provider !== 'twitch') q.redirectUrl = input.redirectUrl;
    return { kind: 'auth', path: `${api}/auth`, query: q };
  }
  if (step === 'unlink') {
    return {
      kind: 'post',
      path: `${api}/unlink`,
      body: provider === 'steam' ? { SteamId: input.steamId } : {},
    };
  }
  if (provider === 'steam') {
    const state = query.get('state');
    if (state) return { kind: 'post', path: 'steam/partner/callback', body: { State: state } };
    if (query.has('state')) return { kind: 'bad-request', message: 'ERROR_STATE_EMPTY' };
    if (!query.get('openid.signed')) return { kind: 'bad-request', message: 'ERROR_OPENID_UNAUTHORIZED' };
    return { kind: 'post', path: 'steam/callback', body: Object.fromEntries(query) };
  }
  if (provider === 'twitch') {
    return {
      kind: 'post',
      path: 'twitch/callback',
      body: { Code: query.get('code'), CallbackPath: '/twitch/callback', State: query.get('state') },
    };
  }
  if (input.epicAlternativeRedeemer) {
    const redirect = query.get('redirectUrl');
    return {
      kind: 'post',
      path: 'epicgames/callback',
      body: {
        State: query.get('state'),
        CallbackPath: '/epic-games/callback',
        RedirectUrl: redirect ? redirect.split('state=')[0] : null,
      },
    };
  }
  return {
    kind: 'post',
    path: 'epicgames/callback',
    body: { Code: query.get('code'), State: query.get('state') },
  };
}
