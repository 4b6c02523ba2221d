/**
 * /access-key (spec §2 route table: field Key, button Next, link to Login; on success → Register carrying
 * redirectUrl; §7 POST accesskey/validate {Value}). The guard sends the player to Register when the
 * register-with-access-keys flag is off. Errors show in the form (spec §8 ACCESS_KEY_NON_EXISTANT, …);
 * other failures go to the generic handler.
 */
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { carry } from '../../shared/redirect/carry-over.ts';
import { ErrorSummary, SubmitButton, TextField, ui } from '../../shared/ui/index.ts';

const FIELDS = ['Value'] as const;

/** The access-key page. */
export function AccessKeyPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const validate = useMutation({
    mutationFn: (Value: string) =>
      afterSubmitDelay(() => api.call(ENDPOINTS.postAccessKeyValidate, { body: { Value } })),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Value: string }>({
    defaultValues: { Value: '' },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  // Register sends the player back here when the held key could not be used.
  const returned = (useLocation().state as { accessKeyError?: string } | null)?.accessKeyError;
  const general = server.general.length ? server.general : returned ? [returned] : [];
  const carried = new URLSearchParams();
  const redirectUrl = search.get('redirectUrl');
  if (redirectUrl) carried.set('redirectUrl', redirectUrl);

  const onSubmit = handleSubmit((values) => {
    if (validate.isPending) return;
    server.clear();
    const key = values.Value.trim();
    if (!key) {
      setError('Value', { type: 'required', message: 'ERROR_ACCESS_KEY_NON_EXISTANT' });
      return;
    }
    validate.mutate(key, {
      onSuccess: () => {
        carry('accessKey', key);
        void navigate({ pathname: '/register', search: carried.toString() });
      },
      onError: (error) => server.apply(error),
    });
  });

  return (
    <section className={ui.card} aria-labelledby="access-key-heading">
      <h1 id="access-key-heading">{t('accessKey.heading')}</h1>
      <p>{t('accessKey.intro')}</p>
      <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorSummary codes={general} unreachable={server.unreachable} id={server.summaryId} />
        <TextField
          label={t('accessKey.key')}
          autoComplete="off"
          spellCheck={false}
          error={formState.errors.Value?.message}
          {...register('Value')}
        />
        <div className={ui.actions}>
          <SubmitButton busy={validate.isPending}>{t('accessKey.next')}</SubmitButton>
        </div>
      </form>
      <p>
        {t('accessKey.haveAccount')}{' '}
        <Link to={{ pathname: '/login', search: carried.toString() }}>{t('accessKey.login')}</Link>
      </p>
    </section>
  );
}
