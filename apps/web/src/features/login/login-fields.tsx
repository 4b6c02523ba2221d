/**
 * The fields and submit row shared by the login views (spec §2 Login: LoginHome, LoginOneStep,
 * LoginPassword; §3 Login forms), so that each view only wires its own call.
 */
import { useTranslation } from 'react-i18next';
import { TextField, ui, type TextFieldProps } from '../../shared/ui/index.ts';

/** Props of a login field: the input props from react-hook-form's `register` plus an error code. */
type LoginFieldProps = Omit<TextFieldProps, 'label'>;

/** 'Username or email' (identify form field UsernameOrEmail). */
export function UsernameOrEmailField(props: LoginFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('login.usernameOrEmail')}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** 'Password' (login form field Password). */
export function PasswordField(props: LoginFieldProps) {
  const { t } = useTranslation();
  return <TextField label={t('login.password')} type="password" autoComplete="current-password" {...props} />;
}

/** The submit row; `busy` disables it (spec §4 Submit protection). */
export function LoginSubmit({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className={ui.actions}>
      <button type="submit" className={ui.button} disabled={busy}>
        {label}
      </button>
    </div>
  );
}
