/**
 * Login-specific error display (spec §8 Login): ERROR_USER_CONFIRMED shows 'You must confirm your email
 * address' with a link to /confirm-email/send; ERROR_USER_IP_BANNED is shown as
 * ERROR_USER_IP_BANNED_LOGIN; others appear under the fields or in the general list.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../../shared/api/form-errors.ts';
import { ErrorSummary, type ErrorSummaryProps } from '../../shared/ui/index.ts';

const CONFIRM_CODE = 'ERROR_USER_CONFIRMED';

/** Rewrites login error codes (spec §8 Login); the confirmation error always goes to the general list. */
export function normalizeLoginErrors<F extends string>(errors: FormErrors<F>): FormErrors<F> {
  const rename = (code: string) => (code === 'ERROR_USER_IP_BANNED' ? 'ERROR_USER_IP_BANNED_LOGIN' : code);
  const fields: Partial<Record<F, string>> = {};
  const general = errors.general.map(rename);
  for (const [field, code] of Object.entries(errors.fields) as [F, string | undefined][]) {
    if (!code) continue;
    if (code === CONFIRM_CODE) general.push(code);
    else fields[field] = rename(code);
  }
  return { fields, general: [...new Set(general)] };
}

/**
 * The general error list of a login form, with the confirmation link when needed; `unreachable` and
 * `id` as {@link ErrorSummary}'s (Retry when the API could not be reached; focus).
 */
export function LoginErrorSummary({ codes, ...rest }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const mustConfirm = codes.includes(CONFIRM_CODE);
  return (
    <ErrorSummary
      {...rest}
      codes={codes.filter((code) => code !== CONFIRM_CODE)}
      extra={
        mustConfirm ? (
          <li>
            {t('login.mustConfirm')} — <Link to="/confirm-email/send">{t('login.sendConfirmation')}</Link>
          </li>
        ) : undefined
      }
    />
  );
}
