/**
 * LoginOneStep (spec §2 Login: "The one-step view (TWO-POINT-STUDIOS and sandbox) asks name and password
 * together"; §3 Login form; §7 POST log/log-in → Created).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { CaptchaNotice, ui } from '../../shared/ui/index.ts';
import { LoginSubmit, PasswordField, UsernameOrEmailField } from './login-fields.tsx';
import { useOneStepLogin } from './login-api.ts';
import { LoginErrorSummary, normalizeLoginErrors } from './login-errors.tsx';
import { requiredIdentifier, requiredPassword } from './login-rules.ts';
import { useLoginContext } from './use-login-context.ts';
import { PasskeySignInSlot, usePasskeyLogin } from './passkey-sign-in-slot.tsx';
import { SecondFactorSlot, type SecondFactorChallenge } from './second-factor-slot.tsx';

const FIELDS = ['UsernameOrEmail', 'Password'] as const;

interface OneStepValues {
  UsernameOrEmail: string;
  Password: string;
}

/** Name and password together. */
export function LoginOneStepForm() {
  const { t } = useTranslation();
  const { clientId, redirectUrl, studioName, establishing, complete } = useLoginContext();
  const login = useOneStepLogin();
  const { register, handleSubmit, setError, formState } = useForm<OneStepValues>({
    defaultValues: { UsernameOrEmail: '', Password: '' },
  });
  // Issue 22 §3: the username field also offers passkeys in its autofill (conditional UI).
  const passkeys = usePasskeyLogin();
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );

  // Issue 22 §4: the ticket and methods of a log-in that asks for a second factor.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const busy = login.isPending || establishing;
  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    server.clear();
    login.mutate(
      {
        UsernameOrEmail: values.UsernameOrEmail.trim(),
        Password: values.Password,
        StudioName: studioName,
        ClientId: clientId,
        RedirectUrl: redirectUrl,
      },
      {
        onSuccess: (answer) => {
          if (answer.SecondFactorTicket)
            setChallenge({ ticket: answer.SecondFactorTicket, methods: answer.SecondFactorMethods ?? [] });
          else void complete(answer.Created);
        },
        onError: (error) => server.apply(error, normalizeLoginErrors),
      },
    );
  });

  if (challenge) return <SecondFactorSlot challenge={challenge} onBack={() => setChallenge(null)} />;
  return (
    <>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <LoginErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <UsernameOrEmailField
          autoComplete={passkeys ? 'username webauthn' : 'username'}
          error={formState.errors.UsernameOrEmail?.message}
          {...register('UsernameOrEmail', { validate: requiredIdentifier })}
        />
        <PasswordField
          error={formState.errors.Password?.message}
          {...register('Password', { validate: requiredPassword })}
        />
        <CaptchaNotice action="login" />
        <LoginSubmit label={t('login.submit')} busy={busy} />
      </form>
      <PasskeySignInSlot />
    </>
  );
}
