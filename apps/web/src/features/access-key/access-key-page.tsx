/**
 * /access-key (spec §2 route table: field Key, button Next, link to Login; on success → Register carrying
 * redirectUrl; §7 POST accesskey/validate {Value}). The guard sends the player to Register when the
 * register-with-access-keys flag is off. Errors show in the form (spec §8 ACCESS_KEY_NON_EXISTANT, …);
 * other failures go to the generic handler.
 */
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../shared/api/api-context.tsx';
import { afterSubmitDelay } from '../../shared/forms/delay.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import { ErrorSummary, TextField, ui } from '../../shared/ui/index.ts';

const FIELDS = ['Value'] as const;
/**
 * Storage key of the held access key, read by Register through `readCarried('accessKey')`
 * (shared/redirect/carry-over.ts has no writer for it yet).
 */
const ACCESS_KEY_STORAGE = 'guildgate.accessKey';

/** The access-key page. */
export function AccessKeyPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const validate = useMutation({
    mutationFn: (Value: string) =>
      afterSubmitDelay(() => api.call('POST', 'accesskey/validate', { body: { Value } })),
  });
  const { register, handleSubmit, setError, formState } = useForm<{ Value: string }>({
    defaultValues: { Value: '' },
  });
  const server = useServerErrors(FIELDS, (field, code) => setError(field, { type: 'server', message: code }));
  const carried = new URLSearchParams();
  const redirectUrl = search.get('redirectUrl');
  if (redirectUrl) carried.set('redirectUrl', redirectUrl);

  const onSubmit = handleSubmit((values) => {
    if (validate.isPending) return;
    server.clear();
    const key = values.Value.trim();
    if (!key) {
      setError('Value', { type: 'required', message: 'ACCESS_KEY_NON_EXISTANT' });
      return;
    }
    validate.mutate(key, {
      onSuccess: () => {
        localStorage.setItem(ACCESS_KEY_STORAGE, key);
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
        <ErrorSummary codes={server.general} />
        <TextField
          label={t('accessKey.key')}
          autoComplete="off"
          spellCheck={false}
          error={formState.errors.Value?.message}
          {...register('Value')}
        />
        <div className={ui.actions}>
          <button type="submit" className={ui.button} disabled={validate.isPending}>
            {t('accessKey.next')}
          </button>
        </div>
      </form>
      <p>
        {t('accessKey.haveAccount')}{' '}
        <Link to={{ pathname: '/login', search: carried.toString() }}>{t('accessKey.login')}</Link>
      </p>
    </section>
  );
}
