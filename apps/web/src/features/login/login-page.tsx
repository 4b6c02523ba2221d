/**
 * Login page (spec §2 route /login and screen Login; §4 Login). Views: LoginHome → LoginPassword or
 * LoginPartner (two steps), or LoginOneStep (TWO-POINT-STUDIOS, SANDBOX). In CREATIVE-ASSEMBLY and
 * FOCUS the route guard sends the player to the partner's sign-on before this page renders
 * (app/route-rules.ts `partner-login`, app/partner-redirect.tsx). When the log-in
 * leads back to a partner site (an allowed redirectUrl, or the hub's /oauth request of a partner
 * client), the page names that site.
 */
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTH_TYPE, type IdentifyResponse } from '@guildgate/contracts';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { useRedirectPatterns } from '../../shared/redirect/use-redirect.ts';
import { Notice, ui } from '../../shared/ui/index.ts';
import { LoginIdentifyForm } from './login-identify-form.tsx';
import { LoginOneStepForm } from './login-one-step-form.tsx';
import { LoginPartnerView } from './login-partner-view.tsx';
import { LoginPasswordForm } from './login-password-form.tsx';
import { partnerSiteOf } from './login-rules.ts';
import styles from './login.module.css';

/** Location state other pages may pass (e.g. after e-mail confirmation). */
export interface LoginLocationState {
  notice?: 'emailConfirmed' | 'passwordChanged';
}

const NOTICES: ReadonlyArray<LoginLocationState['notice']> = ['emailConfirmed', 'passwordChanged'];

function hasNotice(state: unknown): state is LoginLocationState {
  return (
    typeof state === 'object' &&
    state !== null &&
    NOTICES.includes((state as { notice?: unknown }).notice as LoginLocationState['notice'])
  );
}

function TwoStepLogin() {
  const [identified, setIdentified] = useState<IdentifyResponse | null>(null);
  const [typed, setTyped] = useState('');
  const reset = () => setIdentified(null);
  if (!identified) {
    return (
      <LoginIdentifyForm
        initialValue={typed}
        onIdentified={(user, value) => {
          setTyped(value);
          setIdentified(user);
        }}
      />
    );
  }
  if (identified.AuthType === AUTH_TYPE.partner)
    return <LoginPartnerView user={identified} onReset={reset} />;
  return <LoginPasswordForm user={identified} identifier={typed.trim()} onReset={reset} />;
}

/** The partner site this log-in returns to (a host), once the allow-list is known; null for none. */
function usePartnerSite(): string | null {
  const [search] = useSearchParams();
  const loadPatterns = useRedirectPatterns();
  const wanted = wantedRedirect(search);
  const { data } = useQuery({
    queryKey: ['login', 'partner-site', wanted],
    queryFn: async () => partnerSiteOf(wanted, await loadPatterns(), window.location.origin),
    enabled: Boolean(wanted),
    staleTime: Infinity,
  });
  return data ?? null;
}

/** The Login page (spec §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const { behaviour } = useAppConfiguration();
  const location = useLocation();
  const notice = hasNotice(location.state) ? location.state.notice : undefined;
  const partnerSite = usePartnerSite();
  // 'partner-sso' environments never render this page (the route guard leaves for the partner's sign-on);
  // should one do, it shows the two-step view.
  const oneStep = behaviour.loginMode === 'one-step';
  return (
    <section className={ui.card} aria-labelledby="login-heading">
      <h1 id="login-heading">{t('login.heading')}</h1>
      {partnerSite ? (
        <p className={styles.partnerSite}>{t('login.partnerSite', { site: partnerSite })}</p>
      ) : null}
      {notice ? <Notice>{t(`login.${notice}`)}</Notice> : null}
      {oneStep ? <LoginOneStepForm /> : <TwoStepLogin />}
      <div className={styles.links}>
        <p>
          {t('login.noAccount')}{' '}
          <Link to={{ pathname: '/register', search: location.search }}>{t('login.register')}</Link>
        </p>
        {behaviour.passwordRecovery ? (
          <p>
            <Link to="/password-recovery">{t('login.forgotPassword')}</Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
