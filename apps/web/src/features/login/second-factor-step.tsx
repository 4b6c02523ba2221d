/**
 * The log-in's second step (issue 22 §4): shown instead of the password form when the log-in answered
 * a SecondFactorTicket. Asks the 6-digit code of the authenticator app (autocomplete="one-time-code",
 * numeric keyboard) or, through a switch, one of the recovery codes, with "Remember this device for 30
 * days"; POST log/second-factor → Created, then the log-in completes as any other (use-login-context.ts:
 * the session, then the permitted redirect or the /oauth hub's return). Loaded lazily with its own
 * `second-factor` i18n namespace, so the log-in page's first visit carries neither.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { CheckboxField, TextField, ui } from '../../shared/ui/index.ts';
import { LoginSubmit } from './login-fields.tsx';
import { useSecondFactorLogin } from './login-api.ts';
import { LoginErrorSummary } from './login-errors.tsx';
import { useLoginContext } from './use-login-context.ts';

const FIELDS = ['Code', 'RecoveryCode'] as const;

interface SecondFactorValues {
  Code: string;
  RecoveryCode: string;
  RememberDevice: boolean;
}

/**
 * The code form of a log-in in progress.
 * @param ticket the password step's SecondFactorTicket
 * @param onBack returns to the password form (the ticket is left to expire)
 */
export default function SecondFactorStep({ ticket, onBack }: { ticket: string; onBack: () => void }) {
  const { t, ready } = useTranslation('second-factor');
  const { establishing, complete } = useLoginContext();
  const login = useSecondFactorLogin();
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<SecondFactorValues>({
    defaultValues: { Code: '', RecoveryCode: '', RememberDevice: false },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  useEffect(() => {
    if (ready) setFocus(recovery ? 'RecoveryCode' : 'Code');
  }, [ready, recovery, setFocus]);

  const busy = login.isPending || establishing;
  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    server.clear();
    login.mutate(
      {
        Ticket: ticket,
        ...(recovery ? { RecoveryCode: values.RecoveryCode.trim() } : { Code: values.Code.trim() }),
        RememberDevice: values.RememberDevice,
      },
      {
        onSuccess: (answer) => void complete(answer.Created),
        onError: (error) => server.apply(error),
      },
    );
  });
  if (!ready) return null;
  return (
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2>{t('heading')}</h2>
      <p>{recovery ? t('introRecovery') : t('intro')}</p>
      <LoginErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
      {recovery ? (
        <TextField
          key="recovery"
          label={t('recoveryCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formState.errors.RecoveryCode?.message}
          {...register('RecoveryCode')}
        />
      ) : (
        <TextField
          key="code"
          label={t('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          error={formState.errors.Code?.message}
          {...register('Code')}
        />
      )}
      <CheckboxField label={t('remember')} {...register('RememberDevice')} />
      <LoginSubmit label={t('submit')} busy={busy} />
      <p className={ui.actions}>
        <button type="button" className={ui.buttonSecondary} onClick={() => setRecovery(!recovery)}>
          {recovery ? t('useApp') : t('useRecovery')}
        </button>
        <button type="button" className={ui.buttonSecondary} onClick={onBack}>
          {t('back')}
        </button>
      </p>
    </form>
  );
}
