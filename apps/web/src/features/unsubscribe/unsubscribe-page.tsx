/**
 * /unsubscribe (spec §2 route table: Unsubscribe confirmation 'You have been unsubscribed.'). Newsletter
 * e-mails link here with a signed `token` (docs/account-data.md); the token leaves the address bar, POST
 * newsletter/unsubscribe confirms it, then the page says so. A forged or altered token goes to
 * BadRequestError (spec §8 generic handler). Without a token (or with an empty one) the page is the
 * confirmation a mailing provider's own unsubscribe redirects to, once it has done the unsubscribing:
 * it says 'You have been unsubscribed.' at once and calls nothing.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { ui } from '../../shared/ui/index.ts';

/** The unsubscribe confirmation. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const token = useLinkSecret('token');
  const started = useRef(false);
  const { mutate, isSuccess } = useMutation({
    mutationFn: (value: string) => api.call(ENDPOINTS.postNewsletterUnsubscribe, { body: { Token: value } }),
    onError,
  });
  useEffect(() => {
    if (started.current || token === null) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);
  const done = token === null || isSuccess;
  return (
    <section className={ui.card} aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">{t('unsubscribe.heading')}</h1>
      {done ? <p role="status">{t('unsubscribe.body')}</p> : <p>{t('unsubscribe.inProgress')}</p>}
      <p>
        <Link to="/">{t('common.returnHome')}</Link>
      </p>
    </section>
  );
}
