/**
 * LoginHome, step 1 of the two-step login (spec §2 Login: "Step 1 identifies the user by username or
 * email"; §3 Login identify form; §7 POST log/identify). An empty field is refused in the browser with
 * the server's message (ERROR_USERNAME_EMPTY).
 */
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IdentifyResponse } from '@guildgate/contracts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { CaptchaNotice, ui } from '../../shared/ui/index.ts';
import { LoginSubmit, UsernameOrEmailField } from './login-fields.tsx';
import { useIdentify } from './login-api.ts';
import { LoginErrorSummary, normalizeLoginErrors } from './login-errors.tsx';
import { requiredIdentifier } from './login-rules.ts';
import { useLoginContext } from './use-login-context.ts';
import { PasskeySignInSlot, usePasskeyLogin } from './passkey-sign-in-slot.tsx';

const FIELDS = ['UsernameOrEmail'] as const;

interface IdentifyValues {
  UsernameOrEmail: string;
}

/** The identify form; calls `onIdentified` with the answer. */
export function LoginIdentifyForm({
  initialValue,
  onIdentified,
}: {
  initialValue: string;
  onIdentified: (user: IdentifyResponse, typed: string) => void;
}) {
  const { t } = useTranslation();
  const { clientId, redirectUrl } = useLoginContext();
  const identify = useIdentify();
  const { register, handleSubmit, setError, formState } = useForm<IdentifyValues>({
    defaultValues: { UsernameOrEmail: initialValue },
  });
  // Issue 22 §3: the username field also offers passkeys in its autofill (conditional UI).
  const passkeys = usePasskeyLogin();
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );

  const onSubmit = handleSubmit((values) => {
    if (identify.isPending) return;
    server.clear();
    identify.mutate(
      { UsernameOrEmail: values.UsernameOrEmail.trim(), ClientId: clientId, RedirectUrl: redirectUrl },
      {
        onSuccess: (user) => onIdentified(user, values.UsernameOrEmail),
        onError: (error) => server.apply(error, normalizeLoginErrors),
      },
    );
  });

  return (
    <>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <LoginErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <UsernameOrEmailField
          autoComplete={passkeys ? 'username webauthn' : 'username'}
          error={formState.errors.UsernameOrEmail?.message}
          {...register('UsernameOrEmail', { validate: requiredIdentifier })}
        />
        <CaptchaNotice action="login" />
        <LoginSubmit label={t('login.next')} busy={identify.isPending} />
      </form>
      <PasskeySignInSlot />
    </>
  );
}
