/**
 * Partner sign-on redirect (spec §2 route table: /login "In CREATIVE-ASSEMBLY and FOCUS it fetches a
 * partner login URL and redirects the browser there with tracking parameters added"; /register "redirects
 * to a partner register URL"; §7 POST partner/creative-assembly/login-url and partner/focus/login-url
 * {ClientId, RedirectUrl} → URL; GET partner/{partner}/register-url → URL). A failed call goes to the
 * generic handler (spec §8). Only http(s) addresses are followed (spec §1).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../shared/api/api-context.tsx';
import { useAppConfiguration } from '../shared/config/config-context.tsx';
import { rememberQuery, wantedClientId, wantedRedirect } from '../shared/redirect/carry-over.ts';
import { externalRedirectUrl } from '../shared/redirect/redirect-choice.ts';
import { partnerSlug, withTrackingParameters } from './partner-url.ts';

/** Fetches the partner URL once and leaves for it; shows only the Loading state meanwhile. */
export function PartnerRedirect({ kind }: { kind: 'partner-login' | 'partner-register' }) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const { config } = useAppConfiguration();
  const [search] = useSearchParams();
  const started = useRef(false);
  // A mutation, so that the header's Loading label shows meanwhile.
  const { mutate } = useMutation({
    mutationFn: async () => {
      try {
        rememberQuery(search);
        const params = { partner: partnerSlug(config.environmentName) };
        const answer =
          kind === 'partner-login'
            ? await api.call(ENDPOINTS.postPartnerNameLoginUrl, {
                params,
                body: {
                  ClientId: wantedClientId(search, config.clientId),
                  RedirectUrl: externalRedirectUrl(wantedRedirect(search)),
                },
              })
            : await api.call(ENDPOINTS.getPartnerNameRegisterUrl, { params });
        if (!/^https?:\/\//i.test(answer.URL)) throw new Error('The partner URL is not http(s)');
        window.location.assign(withTrackingParameters(answer.URL, search));
      } catch (error) {
        onError(error);
      }
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <section aria-labelledby="partner-redirect-heading">
      <h1 id="partner-redirect-heading" className="visually-hidden">
        {t(kind === 'partner-login' ? 'partnerRedirect.login' : 'partnerRedirect.register')}
      </h1>
    </section>
  );
}
