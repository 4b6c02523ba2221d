/**
 * Password recovery (spec §2: "Enter email, then a Sent page, then the reset page (New password,
 * Confirm), then Login"; route table: all three go Home in CREATIVE-ASSEMBLY and FOCUS, the reset page
 * reads query token; §7 POST password/password-recovery, POST password/password-recovery-validation
 * {Token, Password, Confirm}; §5 "Password reset separates errors into Password, ConfirmPassword and
 * general"). The guard applies the environment rule and sends a reset without token to BadRequestError.
 * The e-mail and the new password are checked in the browser with the server's rules first. The reset
 * page checks its link as it opens (POST password/password-recovery-check, which does not use it): a
 * used or expired link — then or at submit — says so and offers to ask for a new one instead of the form.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { confirmsPassword, emailRule, newPasswordRule } from '../../shared/forms/field-rules.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useErrorText } from '../../shared/i18n/use-error-text.ts';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import {
  EmailField,
  ErrorSummary,
  NewPasswordField,
  PasswordField,
  SubmitButton,
  ui,
} from '../../shared/ui/index.ts';
import styles from './password-recovery.module.css';
import { deadLinkCode } from './recovery-link.ts';

const EMAIL_FIELDS = ['Email'] as const;
const RESET_FIELDS = ['Password', 'ConfirmPassword'] as const;

/** /password-recovery: the e-mail form. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const send = useMutation({
    mutationFn: (Email: string) =>
      afterSubmitDelay(() => api.call(ENDPOINTS.postPasswordPasswordRecovery, { body: { Email } })),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Email: string }>({
    defaultValues: { Email: '' },
  });
  const server = useServerErrors(EMAIL_FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
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
        <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <EmailField
          label={t('passwordRecovery.email')}
          error={formState.errors.Email?.message}
          {...register('Email', { validate: emailRule })}
        />
        <div className={ui.actions}>
          <SubmitButton busy={send.isPending}>{t('passwordRecovery.send')}</SubmitButton>
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

/** A used, unknown or expired link: what happened, and the way to a new link. */
function DeadLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const text = useErrorText();
  return (
    <div className={ui.stack}>
      <div className={styles.deadLink} role="alert">
        <p>{text(code)}</p>
        <p>{t('passwordRecovery.newLinkIntro')}</p>
      </div>
      <p>
        <Link className={ui.button} to="/password-recovery">
          {t('passwordRecovery.requestNewLink')}
        </Link>
      </p>
    </div>
  );
}

/** The New password / Confirm form of a link that could still be used as the page opened. */
function ResetForm({ token, onDeadLink }: { token: string; onDeadLink: (code: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { behaviour, config } = useAppConfiguration();
  const reset = useMutation({
    mutationFn: (values: ResetValues) =>
      afterSubmitDelay(() =>
        api.call(ENDPOINTS.postPasswordPasswordRecoveryValidation, {
          body: { Token: token, Password: values.Password, Confirm: values.ConfirmPassword },
        }),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<ResetValues>({
    defaultValues: { Password: '', ConfirmPassword: '' },
  });
  const server = useServerErrors(RESET_FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (reset.isPending) return;
    server.clear();
    reset.mutate(values, {
      onSuccess: () => void navigate('/login', { replace: true, state: { notice: 'passwordChanged' } }),
      onError: (error) => {
        const dead = deadLinkCode(error);
        if (dead) onDeadLink(dead);
        else server.apply(error);
      },
    });
  });
  return (
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
      <NewPasswordField
        label={t('passwordRecovery.newPassword')}
        hint={t(behaviour.twoPointRegister ? 'forms.passwordRulesStudio' : 'forms.passwordRules')}
        autoComplete="new-password"
        strengthMeter={config.features.breachedPasswordCheck}
        error={formState.errors.Password?.message}
        {...register('Password', { validate: newPasswordRule(behaviour.twoPointRegister) })}
      />
      <PasswordField
        label={t('passwordRecovery.confirmPassword')}
        autoComplete="new-password"
        error={formState.errors.ConfirmPassword?.message}
        {...register('ConfirmPassword', { validate: confirmsPassword('Password') })}
      />
      <div className={ui.actions}>
        <SubmitButton busy={reset.isPending}>{t('passwordRecovery.resetSubmit')}</SubmitButton>
      </div>
    </form>
  );
}

/** /password-recovery/reset?token=…: the link is checked, then New password, Confirm, then Login. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const api = useApi();
  // The token leaves the address bar at once (DESIGN.md §5); the guard sent a link without one away.
  const token = useLinkSecret('token') ?? '';
  // A dead link found at submit (used meanwhile, expired while the player typed).
  const [deadAtSubmit, setDeadAtSubmit] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['password-recovery', 'check', token],
    queryFn: () => api.call(ENDPOINTS.postPasswordPasswordRecoveryCheck, { body: { Token: token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  // Only a link the server calls dead hides the form; any other failure of the check leaves the form,
  // whose submit reports what is wrong.
  const dead = deadAtSubmit ?? deadLinkCode(check.error);
  return (
    <section className={ui.card} aria-labelledby="reset-heading">
      <h1 id="reset-heading">{t('passwordRecovery.resetHeading')}</h1>
      {check.isPending ? (
        <p role="status">{t('passwordRecovery.checking')}</p>
      ) : dead ? (
        <DeadLink code={dead} />
      ) : (
        <ResetForm token={token} onDeadLink={setDeadAtSubmit} />
      )}
    </section>
  );
}
