/**
 * Password recovery (spec §2: "Enter email, then a Sent page, then the reset page (New password,
 * Confirm), then Login"; route table: all three go Home in CREATIVE-ASSEMBLY and FOCUS, the reset page
 * reads query token; §7 POST password/password-recovery, POST password/password-recovery-validation
 * {Token, Password, Confirm}; §5 "Password reset separates errors into Password, ConfirmPassword and
 * general"). The guard applies the environment rule and sends a reset without token to BadRequestError.
 */
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { ErrorSummary, TextField, ui } from '../../shared/ui/index.ts';
import styles from './password-recovery.module.css';

const EMAIL_FIELDS = ['Email'] as const;
const RESET_FIELDS = ['Password', 'ConfirmPassword'] as const;

/** /password-recovery: the e-mail form. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const send = useMutation({
    mutationFn: (Email: string) =>
      afterSubmitDelay(() => api.call('POST', 'password/password-recovery', { body: { Email } })),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Email: string }>({
    defaultValues: { Email: '' },
  });
  const server = useServerErrors(EMAIL_FIELDS, (field, code) =>
    setError(field, { type: 'server', message: code }),
  );
  const onSubmit = handleSubmit((values) => {
    if (send.isPending) return;
    server.clear();
    send.mutate(values.Email.trim(), {
      onSuccess: () => void navigate('/password-recovery/sent'),
      onError: (error) => server.apply(error),
    });
  });
  return (
    <section className={ui.card} aria-labelledby="recovery-heading">
      <h1 id="recovery-heading">{t('passwordRecovery.heading')}</h1>
      <p>{t('passwordRecovery.intro')}</p>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} />
        <TextField
          label={t('passwordRecovery.email')}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={formState.errors.Email?.message}
          {...register('Email')}
        />
        <div className={ui.actions}>
          <button type="submit" className={ui.button} disabled={send.isPending}>
            {t('passwordRecovery.send')}
          </button>
        </div>
      </form>
      <p className={styles.links}>
        <Link to="/login">{t('passwordRecovery.backToLogin')}</Link>
      </p>
    </section>
  );
}

/** /password-recovery/sent. */
export function PasswordRecoverySentPage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="recovery-sent-heading">
      <h1 id="recovery-sent-heading">{t('passwordRecovery.sentHeading')}</h1>
      <p>{t('passwordRecovery.sentBody')}</p>
      <p className={styles.links}>
        <Link to="/login">{t('passwordRecovery.backToLogin')}</Link>
      </p>
    </section>
  );
}

interface ResetValues {
  Password: string;
  ConfirmPassword: string;
}

/** /password-recovery/reset?token=…: New password, Confirm, then Login. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  // The token leaves the address bar at once (DESIGN.md §5); the guard sent a link without one away.
  const token = useLinkSecret('token') ?? '';
  const reset = useMutation({
    mutationFn: (values: ResetValues) =>
      afterSubmitDelay(() =>
        api.call('POST', 'password/password-recovery-validation', {
          body: { Token: token, Password: values.Password, Confirm: values.ConfirmPassword },
        }),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<ResetValues>({
    defaultValues: { Password: '', ConfirmPassword: '' },
  });
  const server = useServerErrors(RESET_FIELDS, (field, code) =>
    setError(field, { type: 'server', message: code }),
  );
  const onSubmit = handleSubmit((values) => {
    if (reset.isPending) return;
    server.clear();
    reset.mutate(values, {
      onSuccess: () => void navigate('/login', { replace: true, state: { notice: 'passwordChanged' } }),
      onError: (error) => server.apply(error),
    });
  });
  return (
    <section className={ui.card} aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t('passwordRecovery.resetHeading')}</h1>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} />
        <TextField
          label={t('passwordRecovery.newPassword')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.Password?.message}
          {...register('Password')}
        />
        <TextField
          label={t('passwordRecovery.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={formState.errors.ConfirmPassword?.message}
          {...register('ConfirmPassword')}
        />
        <div className={ui.actions}>
          <button type="submit" className={ui.button} disabled={reset.isPending}>
            {t('passwordRecovery.resetSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}
