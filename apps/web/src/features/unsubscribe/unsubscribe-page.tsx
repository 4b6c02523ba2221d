/** /unsubscribe (spec §2 route table: Unsubscribe confirmation 'You have been unsubscribed.'). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ui } from '../../shared/ui/index.ts';

/** The unsubscribe confirmation. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">{t('unsubscribe.heading')}</h1>
      <p>{t('unsubscribe.body')}</p>
      <p>
        <Link to="/">{t('common.returnHome')}</Link>
      </p>
    </section>
  );
}
