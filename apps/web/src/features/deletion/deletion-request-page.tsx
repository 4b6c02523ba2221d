/**
 * /account/deletion-request (spec §2 Deletion request, three steps: 1. password, Confirm; 2. a reason from
 * the server's list, 'other' with free text, Skip and Confirm; 3. 'Are you sure?' with avatar, username
 * and title, Cancel and Delete; then /deletion/confirm. §4 Deletion: Skip clears the reason, Cancel
 * resets everything, after deletion the session is cleared. §7 POST password/validate/user/{userId},
 * GET deletion/types, POST deletion/user/{userId}). The guard applies the deletion-section flag.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { User } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { useSession, useSessionStore } from '../../shared/session/session-context.tsx';
import { ErrorSummary, TextField, ui } from '../../shared/ui/index.ts';

/** A deletion reason (not in @guildgate/contracts yet: the deletion API comes later). */
const DeletionTypeSchema = z.object({
  Id: z.number(),
  Name: z.string(),
  IsOther: z.boolean().nullish(),
});
const DeletionTypesSchema = z.object({ DeletionTypes: z.array(DeletionTypeSchema) });
const PASSWORD_FIELDS = ['Password'] as const;

interface Reason {
  id: number | null;
  text: string;
}

function PasswordStep({ user, onValid }: { user: User; onValid: (password: string) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const check = useMutation({
    mutationFn: (Password: string) =>
      afterSubmitDelay(() =>
        api.call('POST', `password/validate/user/${encodeURIComponent(user.Id_User)}`, {
          body: { Password },
        }),
      ),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Password: string }>({
    defaultValues: { Password: '' },
  });
  const server = useServerErrors(PASSWORD_FIELDS, (field, code) =>
    setError(field, { type: 'server', message: code }),
  );
  const onSubmit = handleSubmit((values) => {
    if (check.isPending) return;
    server.clear();
    check.mutate(values.Password, {
      onSuccess: () => onValid(values.Password),
      onError: (error) => server.apply(error),
    });
  });
  return (
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p>{t('deletion.passwordIntro')}</p>
      <ErrorSummary codes={server.general} />
      <TextField
        label={t('deletion.password')}
        type="password"
        autoComplete="current-password"
        error={formState.errors.Password?.message}
        {...register('Password')}
      />
      <div className={ui.actions}>
        <button type="submit" className={ui.button} disabled={check.isPending}>
          {t('deletion.confirm')}
        </button>
      </div>
    </form>
  );
}

function ReasonStep({ onDone }: { onDone: (reason: Reason) => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const types = useQuery({
    queryKey: ['deletion', 'types'],
    queryFn: () =>
      api.call('GET', 'deletion/types', { schema: DeletionTypesSchema }).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const other = types.data?.DeletionTypes.find((type) => type.Id === choice)?.IsOther ?? false;
  return (
    <form
      className={ui.stack}
      onSubmit={(event) => {
        event.preventDefault();
        onDone({ id: choice, text: other ? text.trim() : '' });
      }}
    >
      <fieldset className={ui.stack}>
        <legend>{t('deletion.reasonLegend')}</legend>
        {types.data?.DeletionTypes.map((type) => (
          <label key={type.Id}>
            <input
              type="radio"
              name="reason"
              value={type.Id}
              checked={choice === type.Id}
              onChange={() => setChoice(type.Id)}
            />{' '}
            {type.Name}
          </label>
        ))}
      </fieldset>
      {other ? (
        <TextField label={t('deletion.otherReason')} value={text} onChange={(e) => setText(e.target.value)} />
      ) : null}
      <div className={ui.actions}>
        <button type="button" className={ui.buttonSecondary} onClick={() => onDone({ id: null, text: '' })}>
          {t('deletion.skip')}
        </button>
        <button type="submit" className={ui.button}>
          {t('deletion.confirm')}
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({
  user,
  password,
  reason,
  onCancel,
}: {
  user: User;
  password: string;
  reason: Reason;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const onError = useErrorHandler();
  const store = useSessionStore();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      afterSubmitDelay(() =>
        api.call('POST', `deletion/user/${encodeURIComponent(user.Id_User)}`, {
          body: {
            Password: password,
            Email: user.Email,
            Id_DeletionType: reason.id,
            DeletionReason: reason.text || null,
          },
        }),
      ),
    onSuccess: () => {
      store.clear();
      void navigate('/deletion/confirm', { replace: true });
    },
    onError,
  });
  return (
    <div className={ui.stack}>
      <h3>{t('deletion.sureHeading')}</h3>
      <p>
        {user.AvatarUrl ? <img src={user.AvatarUrl} alt="" width={48} height={48} /> : null}{' '}
        <strong>{user.Username}</strong> {user.TitleName}
      </p>
      <p>{t('deletion.sureBody')}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
          {t('deletion.cancel')}
        </button>
        <button
          type="button"
          className={ui.button}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('deletion.delete')}
        </button>
      </div>
    </div>
  );
}

/** The Deletion request page. */
export function DeletionRequestPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [password, setPassword] = useState<string | null>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  if (!user) return null;
  const step = password === null ? 1 : reason === null ? 2 : 3;
  const cancel = () => {
    setPassword(null);
    setReason(null);
  };
  return (
    <section aria-labelledby="deletion-heading">
      <h2 id="deletion-heading">{t('deletion.heading')}</h2>
      <p>{t('deletion.step', { step })}</p>
      {step === 1 ? <PasswordStep user={user} onValid={setPassword} /> : null}
      {step === 2 ? <ReasonStep onDone={setReason} /> : null}
      {step === 3 && password !== null && reason ? (
        <ConfirmStep user={user} password={password} reason={reason} onCancel={cancel} />
      ) : null}
    </section>
  );
}

/** /deletion/confirm (spec §2: 'Your account has been successfully deleted.' with Return to homepage). */
export function DeletionConfirmPage() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="deleted-heading">
      <h1 id="deleted-heading">{t('deletion.doneHeading')}</h1>
      <p>
        <Link to="/">{t('deletion.returnHome')}</Link>
      </p>
    </section>
  );
}
