/**
 * LoginPassword, step 2 of the two-step login (spec §2 Login; §7 POST log/user/{id}/log-in → Created).
 * The 'Not you?' link returns to step 1. The form carries the identifier typed at step 1 as a hidden
 * username field (autocomplete="username") for password managers; the password can be revealed; an
 * empty one is refused in the browser with the server's message (ERROR_PASSWORD_EMPTY).
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IdentifyResponse } from '@guildgate/contracts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { ui } from '../../shared/ui/index.ts';
import { HiddenUsername, LoginSubmit, PasswordField } from './login-fields.tsx';
import { IdentifiedUser } from './identified-user.tsx';
import { useUserLogin } from './login-api.ts';
import { LoginErrorSummary, normalizeLoginErrors } from './login-errors.tsx';
import { requiredPassword } from './login-rules.ts';
import { useLoginContext } from './use-login-context.ts';
import { SecondFactorSlot, type SecondFactorChallenge } from './second-factor-slot.tsx';

const FIELDS = ['Password'] as const;

interface PasswordValues {
  Password: string;
}

/**
 * The password form of an identified player.
 * @param identifier what the player typed at step 1 (their username or e-mail), for password managers
 */
export function LoginPasswordForm({
  user,
  identifier,
  onReset,
}: {
  user: IdentifyResponse;
  identifier: string;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const { clientId, studioName, establishing, complete } = useLoginContext();
  const login = useUserLogin();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<PasswordValues>({
    defaultValues: { Password: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );

  useEffect(() => {
    setFocus('Password');
  }, [setFocus]);

  // Issue 22 §4: the ticket and methods of a log-in that asks for a second factor.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const busy = login.isPending || establishing;
  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    server.clear();
    login.mutate(
      {
        idUser: user.Id_User,
        body: { Password: values.Password, ClientId: clientId, StudioName: studioName },
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
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      <IdentifiedUser user={user} onReset={onReset} />
      <LoginErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
      <HiddenUsername value={identifier} />
      <PasswordField
        error={formState.errors.Password?.message}
        {...register('Password', { validate: requiredPassword })}
      />
      <LoginSubmit label={t('login.submit')} busy={busy} />
    </form>
  );
}
