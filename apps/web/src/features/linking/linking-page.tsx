/**
 * Linking routes /{steam,twitch,epic-games}/{link,callback,unlink} (spec §2 Linking routes: link pages
 * start the provider flow at once; unlink pages have no content and call unlink once a token exists, and
 * again when it changes; callback pages have no UI; §4 Linking a provider; §5 the PC game store callback
 * needs openid.signed, its partner variant needs state; §7 Linking calls). These pages show a status
 * line while the flow runs, and the header's Loading label. Loading flags per provider (spec §3 Client
 * state, §4 "Loading flags go on when a link callback starts and off when it finishes"): each flow runs
 * as a mutation keyed `['linking', provider, kind]`, kind = linking | refreshing | callback | unlinking
 * ({@link linkingFlagKey}), so any page can read a provider's flags with `useIsMutating`. A refresh is
 * the link flow again, started from the Connections page with router state `{ refresh: true }`.
 * The callback strips the provider's code, state and assertion from the address bar before it calls.
 * The guard requires login (anonymous → login with return path, spec §2 "with no token it sends the
 * user to login"). Failures go to the generic handler (spec §8).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type Endpoint, type LinkCallbackResponse } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { useFollowRedirect } from '../../shared/redirect/use-redirect.ts';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { linkingCall, type LinkingCall, type LinkStep, type Provider } from './linking-calls.ts';

/**
 * The endpoint table's linking calls, by the spec §7 path linking-calls.ts names them with; a path it
 * lacks has no entry.
 */
const LINKING_ENDPOINTS: Partial<Record<string, Endpoint>> = {
  'GET steam/auth': ENDPOINTS.getSteamAuth,
  'GET twitch/auth': ENDPOINTS.getTwitchAuth,
  'GET epicgames/auth': ENDPOINTS.getEpicGamesAuth,
  'POST steam/callback': ENDPOINTS.postSteamCallback,
  'POST steam/partner/callback': ENDPOINTS.postSteamPartnerCallback,
  'POST twitch/callback': ENDPOINTS.postTwitchCallback,
  'POST epicgames/callback': ENDPOINTS.postEpicGamesCallback,
  'POST steam/unlink': ENDPOINTS.postSteamUnlink,
  'POST twitch/unlink': ENDPOINTS.postTwitchUnlink,
  'POST epicgames/unlink': ENDPOINTS.postEpicGamesUnlink,
};

/**
 * The endpoint table's entry of a linking call.
 * @throws Error when the table has no such call
 */
function linkingEndpoint(method: 'GET' | 'POST', path: string): Endpoint {
  const endpoint = LINKING_ENDPOINTS[`${method} ${path}`];
  if (!endpoint) throw new Error(`No ${method} ${path} in the endpoint table`);
  return endpoint;
}

/** What a linking flow is doing (spec §3 Client state loading flags). */
export type LinkingFlag = 'linking' | 'refreshing' | 'callback' | 'unlinking';

/** The mutation key of a provider's flow of `kind`; `['linking', provider]` matches all of them. */
export function linkingFlagKey(provider: Provider, kind?: LinkingFlag): readonly string[] {
  return kind ? ['linking', provider, kind] : ['linking', provider];
}

function flagOf(step: LinkStep, refresh: boolean): LinkingFlag {
  if (step === 'callback') return 'callback';
  if (step === 'unlink') return 'unlinking';
  return refresh ? 'refreshing' : 'linking';
}

/** One linking page. */
export function LinkingPage({ provider, step }: { provider: Provider; step: LinkStep }) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const follow = useFollowRedirect();
  const navigate = useNavigate();
  const store = useSessionStore();
  const { config } = useAppConfiguration();
  const { token, connections } = useSession();
  const [search] = useSearchParams();
  const location = useLocation();
  const refresh = (location.state as { refresh?: boolean } | null)?.refresh === true;
  const flag = flagOf(step, refresh);
  const lastToken = useRef<string | null>(null);
  const tokenValue = token?.Value ?? null;

  // A mutation, so that the header's Loading label shows while the flow runs (spec §4 loading flags).
  const { mutate, isPending } = useMutation({
    mutationKey: linkingFlagKey(provider, flag),
    mutationFn: async (call: Exclude<LinkingCall, { kind: 'bad-request' }>) => {
      try {
        if (call.kind === 'auth') {
          // Every auth call answers LinkAuthResponse (URL).
          const auth = linkingEndpoint('GET', call.path) as typeof ENDPOINTS.getSteamAuth;
          const answer = await api.call(auth, { query: call.query as { callbackPath: string } });
          if (!/^https?:\/\//i.test(answer.URL)) throw new Error('The provider URL is not http(s)');
          window.location.assign(answer.URL);
          return;
        }
        // A callback answers LinkCallbackResponse; an unlink only Success (no AccountId, no RedirectUrl).
        const post = linkingEndpoint('POST', call.path) as typeof ENDPOINTS.postSteamCallback;
        const answer: Partial<LinkCallbackResponse> = await api.call(post, {
          body: call.body as Record<string, string>,
        });
        // In place: a restore would unmount this page and start the flow again.
        await store.refreshProfile();
        const back = answer.RedirectUrl ?? wantedRedirect(search);
        await follow([appendAccountId(back, provider, answer.AccountId)], '/account/link-account');
      } catch (error) {
        onError(error);
      }
    },
  });

  useEffect(() => {
    // Unlink runs again when the token changes; link and callback run once per page.
    if (!tokenValue || lastToken.current === tokenValue) return;
    if (lastToken.current !== null && step !== 'unlink') return;
    lastToken.current = tokenValue;
    const call = linkingCall({
      provider,
      step,
      query: search,
      redirectUrl: wantedRedirect(search),
      epicAlternativeRedeemer: config.features.epicAlternativeRedeemerFlow,
      steamId: connections.find((c) => c.CanonicalName === 'steam')?.Id_Account ?? null,
    });
    if (call.kind === 'bad-request') {
      void navigate(`/errors/bad-request?${new URLSearchParams({ message: call.message })}`, {
        replace: true,
      });
      return;
    }
    if (step === 'callback') {
      // The code, state and assertion are single use: keep them out of the history (rule: no secrets
      // in URLs after use).
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    mutate(call);
  }, [tokenValue, step, provider, search, config, connections, navigate, mutate]);

  const title = t(`linking.${flag}`, { provider: t(`linking.${provider}`) });
  return (
    <section aria-labelledby="linking-heading">
      <h1 id="linking-heading" className="visually-hidden">
        {title}
      </h1>
      <p role="status">{isPending ? `${title}…` : ''}</p>
    </section>
  );
}

/** spec §4: "redirected to the stored redirectUrl with steamid (or epicgamesid) appended". */
function appendAccountId(url: string | null, provider: Provider, accountId: string | null | undefined) {
  if (!url || !accountId || provider === 'twitch' || !/^https?:\/\//i.test(url)) return url;
  const target = new URL(url);
  target.searchParams.set(provider === 'steam' ? 'steamid' : 'epicgamesid', accountId);
  return target.toString();
}
