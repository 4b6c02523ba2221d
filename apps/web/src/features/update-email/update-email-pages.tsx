/**
 * E-mail update (spec §2 Update email: New email, Confirm email (copy and paste blocked), Confirm; the
 * confirm page has no UI, reads uid, confirms and goes to the success page 'Your email has been
 * successfully updated.' with 'Return to my account'; the recovery page behaves the same with another
 * call; §4 Email update; §7 POST profile/user/{userId}/update-email, GET email/update-email-confirm,
 * GET email/update-email-recovery). Guards: login for the form, Home in partner environments, uid
 * required on confirm/recovery (route-rules.ts). The addresses are checked in the browser with the
 * server's rules first; once the request is sent, the page shows it pending (the new address awaiting
 * confirmation) instead of the form, until the player chooses to use another address.
 */
import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { confirmsEmail, emailRule } from '../../shared/forms/field-rules.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useLinkSecret } from '../../shared/links/use-link-secret.ts';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { EmailField, ErrorSummary, SubmitButton, ui } from '../../shared/ui/index.ts';
import styles from './update-email.module.css';

const FIELDS = ['Email', 'ConfirmEmail'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const block = (event: ClipboardEvent) => event.preventDefault();

/**
 * The request sent: the new address awaits confirmation. Receives focus as it appears (the form it
 * replaces held it); 'Use another address' brings the form back.
 */
function PendingEmail({ email, onChangeAgain }: { email: string; onChangeAgain: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      className={styles.pending}
      role="status"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="pending-email-heading"
    >
      <h3 id="pending-email-heading">{t('updateEmail.pendingHeading')}</h3>
      <p>{t('updateEmail.requested', { email })}</p>
      <p>{t('updateEmail.pendingKeep')}</p>
      <button type="button" className={ui.buttonSecondary} onClick={onChangeAgain}>
        {t('updateEmail.changeAgain')}
      </button>
    </div>
  );
}

/** /account/update-email: the request form, then the pending request. */
export function UpdateEmailPage() {
  const { t } = useTranslation();
  const api = useApi();
  const { user } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // A log-in older than the API's window is asked the password in a dialog first (shared/reauth).
  const reauth = useReauthentication(user?.Id_User ?? null);
  const update = useMutation({
    mutationFn: (values: Values) =>
      reauth.guard(() =>
        afterSubmitDelay(() =>
          api.call(ENDPOINTS.postProfileUserUpdateEmail, {
            params: { id: user?.Id_User ?? '' },
            body: { Email: values.Email.trim(), ConfirmEmail: values.ConfirmEmail.trim() },
          }),
        ),
      ),
  });
  const { register, handleSubmit, setError, setFocus, formState, reset } = useForm<Values>({
    defaultValues: { Email: '', ConfirmEmail: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (update.isPending) return;
    server.clear();
    setSentTo(null);
    update.mutate(values, {
      onSuccess: () => {
        setSentTo(values.Email.trim());
        reset();
      },
      onError: (error) => server.apply(error),
    });
  });
  const changeAgain = () => {
    setSentTo(null);
    // The form is back on the next render: the player starts at its first field.
    setTimeout(() => setFocus('Email'), 0);
  };
  return (
    <section aria-labelledby="update-email-heading">
      <h2 id="update-email-heading">{t('updateEmail.heading')}</h2>
      {sentTo ? (
        <PendingEmail email={sentTo} onChangeAgain={changeAgain} />
      ) : (
        <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
          <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
          <EmailField
            label={t('updateEmail.newEmail')}
            error={formState.errors.Email?.message}
            {...register('Email', { validate: emailRule })}
          />
          <EmailField
            label={t('updateEmail.confirmEmail')}
            hint={t('updateEmail.confirmEmailHint')}
            autoComplete="off"
            onPaste={block}
            onCopy={block}
            onCut={block}
            error={formState.errors.ConfirmEmail?.message}
            {...register('ConfirmEmail', { validate: confirmsEmail('Email') })}
          />
          <div className={ui.actions}>
            <SubmitButton busy={update.isPending}>{t('updateEmail.confirm')}</SubmitButton>
          </div>
        </form>
      )}
      {reauth.dialog}
    </section>
  );
}

/**
 * /account/update-email/confirm and /recovery: no UI; the uid leaves the address bar, the link is
 * confirmed, then the success page. A used or expired link goes to BadRequestError (spec §8).
 */
export function UpdateEmailLinkPage({ kind }: { kind: 'confirm' | 'recovery' }) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const store = useSessionStore();
  const navigate = useNavigate();
  const uid = useLinkSecret('uid');
  const started = useRef(false);
  // A mutation, so that the header's Loading label shows meanwhile.
  const { mutate } = useMutation({
    mutationFn: async () => {
      try {
        const endpoint =
          kind === 'confirm' ? ENDPOINTS.getEmailUpdateEmailConfirm : ENDPOINTS.getEmailUpdateEmailRecovery;
        await api.call(endpoint, { query: { uid: uid ?? '' } });
        // The address changed: a logged-in player's profile is loaded again.
        if (store.getState().status === 'authenticated') await store.restore();
        await navigate('/account/update-email/success', { replace: true });
      } catch (error) {
        onError(error);
      }
    },
  });
  // Wait for the session restore: the player's own token keeps their session through the change
  // (without it the call is anonymous and every session of the player ends).
  const restoring = useSession().status === 'loading';
  useEffect(() => {
    if (started.current || restoring) return;
    started.current = true;
    mutate();
  }, [mutate, restoring]);
  return (
    <section aria-labelledby="update-email-link-heading">
      <h1 id="update-email-link-heading" className="visually-hidden">
        {t('updateEmail.linkHeading')}
      </h1>
    </section>
  );
}

/** /account/update-email/success. */
export function UpdateEmailSuccessPage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="update-email-success-heading">
      <h1 id="update-email-success-heading">{t('updateEmail.successHeading')}</h1>
      <p>
        <Link to="/account">{t('updateEmail.returnToAccount')}</Link>
      </p>
    </section>
  );
}
