/**
 * The captcha notice of the forms that run the captcha (spec §4 "The optional captcha uses actions
 * named login and register"; §9): shown only when `captchaSettings` says the captcha is on. reCAPTCHA
 * v3 runs invisibly, so the form tells the player it is protected and links the provider's terms.
 */
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../config/config-context.tsx';
import { captchaSettings, type CaptchaAction } from '../config/feature-switches.ts';
import ui from './ui.module.css';

/** The notice under a login or register form; nothing when the captcha is off. */
export function CaptchaNotice({ action }: { action: CaptchaAction }) {
  const { t } = useTranslation();
  const { config } = useAppConfiguration();
  if (!captchaSettings(config).enabled) return null;
  return (
    <p className={ui.hint} data-captcha-action={action}>
      {t('captcha.protected')}{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noreferrer">
        {t('captcha.privacy')}
      </a>{' '}
      {t('captcha.and')}{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noreferrer">
        {t('captcha.terms')}
      </a>{' '}
      {t('captcha.apply')}
    </p>
  );
}
