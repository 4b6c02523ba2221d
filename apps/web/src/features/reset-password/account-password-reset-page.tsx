/**
 * /account/reset-password (spec §2 "Password reset in the account": Old password (shown in one studio
 * environment only), New password, Confirm password; Confirm returns to Information on success;
 * §5 errors split into Password, ConfirmPassword and general; §7 POST password/password-reset
 * {OldPassword, Password, ConfirmPassword}). Guards: login, Home in partner environments. Outside the
 * Old password's studio, a log-in older than the API's window is asked the password in a dialog first
 * (shared/reauth). The new password is checked in the browser with the server's rules first (the
 * studio rule in TWO-POINT-STUDIOS), its rules shown up front; every password can be revealed. On
 * success Information says the change was made.
 * The spec does not name the studio that asks the old password; TWO-POINT-STUDIOS is assumed.
 */
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { confirmsPassword, newPasswordRule } from '../../shared/forms/field-rules.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { ErrorSummary, NewPasswordField, PasswordField, SubmitButton, ui } from '../../shared/ui/index.ts';

const FIELDS = ['OldPassword', 'Password', 'ConfirmPassword'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The account password page. */
export function AccountPasswordResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { behaviour, config } = useAppConfiguration();
  const { user } = useSession();
  const askOld = behaviour.oldPasswordField;
  // Without the Old password field, a log-in older than the API's window is asked the password again.
  const reauth = useReauthentication(user?.Id_User ?? null);
  const reset = useMutation({
    mutationFn: (values: Values) =>
      reauth.guard(() =>
        afterSubmitDelay(() =>
          api.call(ENDPOINTS.postPasswordPasswordReset, {
            body: { ...values, OldPassword: askOld ? values.OldPassword : null },
          }),
        ),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: { OldPassword: '', Password: '', ConfirmPassword: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (reset.isPending) return;
    server.clear();
    reset.mutate(values, {
      onSuccess: () => void navigate('/account', { state: { notice: 'passwordChanged' } }),
      onError: (error) => server.apply(error),
    });
  });
  return (
    <section aria-labelledby="account-password-reset-heading">
      <h2 id="account-password-reset-heading">{t('accountPasswordReset.heading')}</h2>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        {askOld ? (
          <PasswordField
            label={t('accountPasswordReset.oldPassword')}
            autoComplete="current-password"
            error={formState.errors.OldPassword?.message}
            {...register('OldPassword', { validate: (value) => (value ? true : 'ERROR_PASSWORD_EMPTY') })}
          />
        ) : null}
        <NewPasswordField
          label={t('accountPasswordReset.newPassword')}
          hint={t(behaviour.twoPointRegister ? 'forms.passwordRulesStudio' : 'forms.passwordRules')}
          autoComplete="new-password"
          strengthMeter={config.features.breachedPasswordCheck}
          userInputs={() => [user?.Username, user?.Email]}
          error={formState.errors.Password?.message}
          {...register('Password', {
            validate: newPasswordRule(behaviour.twoPointRegister, user?.Username ?? ''),
          })}
        />
        <PasswordField
          label={t('accountPasswordReset.confirmPassword')}
          autoComplete="new-password"
          error={formState.errors.ConfirmPassword?.message}
          {...register('ConfirmPassword', { validate: confirmsPassword('Password') })}
        />
        <div className={ui.actions}>
          <SubmitButton busy={reset.isPending}>{t('accountPasswordReset.confirm')}</SubmitButton>
        </div>
      </form>
      {reauth.dialog}
    </section>
  );
}
