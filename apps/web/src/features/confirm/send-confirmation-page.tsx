/**
 * /confirm-email/send (spec §2: "Field Email, button Send, then goes to ConfirmRegister"; §7 POST
 * email/send-confirmation-email, always 200). The address is checked in the browser with the server's
 * rules first.
 */
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailRule } from '../../shared/forms/field-rules.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { wantedRedirect } from '../../shared/redirect/carry-over.ts';
import { externalRedirectUrl } from '../../shared/redirect/redirect-choice.ts';
import { EmailField, ErrorSummary, SubmitButton, ui } from '../../shared/ui/index.ts';
import { useSendConfirmation } from './confirm-api.ts';

const FIELDS = ['Email'] as const;

/** The 'send a new confirmation e-mail' page. */
export function SendConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const send = useSendConfirmation();
  const { register, handleSubmit, setError, formState } = useForm<{ Email: string }>({
    defaultValues: { Email: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );

  const onSubmit = handleSubmit((values) => {
    if (send.isPending) return;
    server.clear();
    send.mutate(
      { Email: values.Email.trim(), RedirectUrl: externalRedirectUrl(wantedRedirect(search)) },
      { onSuccess: () => void navigate('/register/confirm'), onError: (error) => server.apply(error) },
    );
  });

  return (
    <section className={ui.card} aria-labelledby="send-heading">
      <h1 id="send-heading">{t('confirm.sendHeading')}</h1>
      <p>{t('confirm.sendIntro')}</p>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <EmailField
          label={t('confirm.email')}
          error={formState.errors.Email?.message}
          {...register('Email', { validate: emailRule })}
        />
        <div className={ui.actions}>
          <SubmitButton busy={send.isPending}>{t('confirm.send')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
