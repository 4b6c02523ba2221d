/**
 * /account/update-username (spec §2 Update username: field New username, button Confirm; §7 POST
 * profile/user/{userId}/update-username {Username}). Guards: login, Home in partner environments.
 * The name is checked in the browser with the server's rules first. On success the session's user is
 * reloaded and the player returns to Information, which says the change was made.
 */
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { usernameRule } from '../../shared/forms/field-rules.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { ErrorSummary, SubmitButton, TextField, ui } from '../../shared/ui/index.ts';

const FIELDS = ['Username'] as const;

/** The Update username page. */
export function UpdateUsernamePage() {
  const { t } = useTranslation();
  const api = useApi();
  const store = useSessionStore();
  const navigate = useNavigate();
  const { user } = useSession();
  const update = useMutation({
    mutationFn: (Username: string) =>
      afterSubmitDelay(() =>
        api.call(ENDPOINTS.postProfileUserUpdateUsername, {
          params: { id: user?.Id_User ?? '' },
          body: { Username },
        }),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Username: string }>({
    defaultValues: { Username: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  const onSubmit = handleSubmit((values) => {
    if (update.isPending) return;
    server.clear();
    update.mutate(values.Username.trim(), {
      onSuccess: () =>
        void store.restore().then(() => navigate('/account', { state: { notice: 'usernameChanged' } })),
      onError: (error) => server.apply(error),
    });
  });
  return (
    <section aria-labelledby="update-username-heading">
      <h2 id="update-username-heading">{t('updateUsername.heading')}</h2>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={server.general} unreachable={server.unreachable} id={server.summaryId} />
        <TextField
          label={t('updateUsername.newUsername')}
          autoComplete="username"
          spellCheck={false}
          error={formState.errors.Username?.message}
          {...register('Username', { validate: usernameRule })}
        />
        <div className={ui.actions}>
          <SubmitButton busy={update.isPending}>{t('updateUsername.confirm')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
