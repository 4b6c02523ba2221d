/**
 * The footer's language switcher (issue 19 §7 "French, completely"): English / Français, each named in
 * its own language (`lang` on the button, WCAG 3.1.2), the current one pressed (`aria-pressed`), inside
 * a group labelled "Language". Choosing switches the UI at once (`<html lang>` follows), remembers the
 * choice on this device ({@link chooseLanguage}), and, for a signed-in player, saves it as their
 * language (POST profile/user/{userId}/update-locale), which their e-mails use. A failed save is only
 * logged: the page's language has changed all the same.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { LANGUAGES, chooseLanguage, uiLanguage, type Language } from './i18n.ts';
import styles from './language-switcher.module.css';

/** The switcher; `className` places it (the footer's layout). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const session = useSession();
  const labelId = useId();
  const current = uiLanguage();

  async function choose(language: Language) {
    if (language === current) return;
    await chooseLanguage(language);
    const user = session.status === 'authenticated' ? session.user : null;
    if (!user) return;
    try {
      await api.call(ENDPOINTS.postProfileUserUpdateLocale, {
        params: { id: user.Id_User },
        body: { Locale: language },
      });
    } catch (error) {
      console.warn('The language choice could not be saved for the account', error);
    }
  }

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className={className ? `${styles.switcher} ${className}` : styles.switcher}
    >
      <span id={labelId} className={styles.label}>
        {t('language.label')}
      </span>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === current}
          onClick={() => void choose(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
