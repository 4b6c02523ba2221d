/**
 * The fields and submit row shared by the login views (spec §2 Login: LoginHome, LoginOneStep,
 * LoginPassword; §3 Login forms), so that each view only wires its own call. The password can be
 * revealed (a labelled toggle with aria-pressed), and the submit button shows the call under way.
 */
import { useTranslation } from 'react-i18next';
import {
  PasswordField as SharedPasswordField,
  SubmitButton,
  TextField,
  ui,
  type TextFieldProps,
} from '../../shared/ui/index.ts';

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

/** 'Password' (login form field Password), with its show-password toggle. */
export function PasswordField(props: Omit<LoginFieldProps, 'type' | 'action'>) {
  const { t } = useTranslation();
  return <SharedPasswordField label={t('login.password')} autoComplete="current-password" {...props} />;
}

/**
 * The identifier the player typed at step 1, carried by the password step as a hidden username field
 * (autocomplete="username"), so that password managers save and fill the right account.
 */
export function HiddenUsername({ value }: { value: string }) {
  return <input type="text" name="username" autoComplete="username" value={value} readOnly hidden />;
}

/** The submit row; `busy` shows the call under way on the button (spec §4 Submit protection). */
export function LoginSubmit({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className={ui.actions}>
      <SubmitButton busy={busy}>{label}</SubmitButton>
    </div>
  );
}
