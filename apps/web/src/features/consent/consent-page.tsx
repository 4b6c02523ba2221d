/**
 * /oauth/consent?uid=<interaction uid> — the consent page (issue 21 §3; OIDC Core §3.1.2.4): a
 * third-party site asks for access to the player's account through the hub's OpenID Provider, and the
 * player allows or denies it, in the studio's branding (the shell's header and colours, the studio's
 * name). The provider's interaction sends the browser here (apps/api oidc/consent.ts); the route needs
 * the portal session (route-rules.ts `login-return`, so an expired one goes through /login and back).
 *
 * The page reads what the site asks for (GET /oidc/interaction/{uid}/details: its name and host, the
 * requested scopes in plain words — those already allowed marked —, the player asked) and sends the
 * decision (POST …/consent), then follows the answer's RedirectUri: the provider returns to the site with
 * a code, or with `access_denied`. A request that expired or was already answered (400) says so here;
 * other failures go to the generic handler (spec §8). Its texts are the `consent` namespace, a chunk of
 * their own (shared/i18n/i18n.ts), so the other pages do not carry them.
 */
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorHandler } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import { consentDetails, decideConsent } from './consent-api.ts';

/** The scopes the page puts in words (the API names no other). */
const KNOWN_SCOPES = new Set(['openid', 'profile', 'email']);

/** Is `error` the API saying the request is over (expired, answered, of another browser)? */
const isOver = (error: unknown) => isApiError(error) && error.status === 400;

/** The consent page. */
export function ConsentPage() {
  const { t, ready } = useTranslation('consent');
  const [search] = useSearchParams();
  const uid = search.get('uid') ?? '';
  const onError = useErrorHandler();
  const { branding } = useAppConfiguration();
  const studio = branding.studioName;
  const details = useQuery({
    queryKey: ['consent', uid],
    queryFn: () =>
      consentDetails(uid).catch((error: unknown) => {
        if (!isOver(error)) onError(error);
        throw error;
      }),
    retry: false,
    staleTime: Infinity,
  });
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideConsent(uid, approve),
    onSuccess: ({ RedirectUri }) => window.location.assign(RedirectUri),
    onError: (error) => {
      if (!isOver(error)) onError(error);
    },
  });
  if (!ready) return null;
  if (isOver(details.error) || isOver(decide.error)) {
    return (
      <section className={ui.card} aria-labelledby="consent-heading">
        <h1 id="consent-heading">{t('expiredHeading')}</h1>
        <p role="alert">{t('expired')}</p>
      </section>
    );
  }
  const request = details.data;
  if (!request) return null;
  const site = request.ClientName;
  // Busy from the click until the browser has left for the provider.
  const busy = decide.isPending || decide.isSuccess;
  return (
    <section className={ui.card} aria-labelledby="consent-heading">
      <h1 id="consent-heading">{t('heading', { site, studio })}</h1>
      <p>{t('signedInAs', { username: request.Username })}</p>
      <h2>{t('asks', { site })}</h2>
      <ul>
        {request.Scopes.map(({ Scope, Granted }) => (
          <li key={Scope}>
            {KNOWN_SCOPES.has(Scope) ? t(`scopes.${Scope}`, { studio }) : Scope}
            {Granted ? ` ${t('granted')}` : null}
          </li>
        ))}
      </ul>
      <p>{t('site', { host: request.SiteHost })}</p>
      <p>
        <Link to="/account/connected-sites">{t('notice')}</Link>
      </p>
      <div className={ui.actions}>
        <button type="button" className={ui.button} disabled={busy} onClick={() => decide.mutate(true)}>
          {t('allow')}
        </button>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={busy}
          onClick={() => decide.mutate(false)}
        >
          {t('deny')}
        </button>
      </div>
    </section>
  );
}
