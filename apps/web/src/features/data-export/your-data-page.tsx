/**
 * /account/your-data — Your data (issue 22 §8 Download my data; GDPR art. 15/20): says what the export
 * holds and downloads it with "Download my data" (POST account/export). When the session's last proof
 * of the password is too old the API answers ERROR_REAUTHENTICATION_REQUIRED and the page asks the
 * password in the shared re-authentication dialog (shared/reauth), then sends the request again. The
 * answer is saved as a file through a Blob, an object URL and a link's `download` attribute, named as
 * the API's Content-Disposition names it (`guildgate-data-<username>-<date>.json`). Texts are in the
 * `dataExport` namespace, loaded with the page (shared/i18n/i18n.ts). Shown only with the `dataExport`
 * flag (app/route-rules.ts; features/account/account-nav.tsx).
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type PlayerDataExport } from '@guildgate/contracts';
import { isApiError, isUnreachable } from '../../shared/api/api-error.ts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { ErrorSummary, StatusMessage, SubmitButton, ui } from '../../shared/ui/index.ts';
import { saveTextFile } from '../../shared/browser/save-file.ts';

/** The sections the page lists, keys of `contains` in the namespace. */
const SECTIONS = ['account', 'consents', 'connections', 'blocks', 'survey', 'sessions', 'events'] as const;

/**
 * The file name of `document`, as the API's Content-Disposition gives it (apps/api data-export
 * service `exportFileName`): `guildgate-data-<username>-<YYYY-MM-DD>.json`.
 */
export function exportFileName(document: Pick<PlayerDataExport, 'account' | 'generatedAt'>): string {
  const name = document.account.username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `guildgate-data-${name}-${document.generatedAt.slice(0, 10)}.json`;
}

/** Saves `document` as the JSON file `fileName`. */
function saveFile(document: PlayerDataExport, fileName: string): void {
  saveTextFile(JSON.stringify(document, null, 2), fileName, 'application/json');
}

/** The Your data page. */
export function YourDataPage() {
  const { t, ready } = useTranslation('dataExport');
  const api = useApi();
  const { user } = useSession();
  const { branding } = useAppConfiguration();
  const reauth = useReauthentication(user?.Id_User ?? null);
  const onError = useErrorHandler();
  const summaryId = useId();
  // The API's refusal (the password not confirmed: the dialog was closed), or the API out of reach.
  const [codes, setCodes] = useState<string[]>([]);
  const [unreachable, setUnreachable] = useState(false);
  const [saved, setSaved] = useState('');
  const download = useMutation({
    mutationFn: () => reauth.guard(() => api.call(ENDPOINTS.postAccountExport)),
  });
  const onDownload = () => {
    if (download.isPending) return;
    setCodes([]);
    setUnreachable(false);
    setSaved('');
    download.mutate(undefined, {
      onSuccess: (document) => {
        const fileName = exportFileName(document);
        saveFile(document, fileName);
        setSaved(t('downloaded', { file: fileName }));
      },
      onError: (error) => {
        if (isUnreachable(error)) setUnreachable(true);
        else if (isApiError(error) && error.status === 400)
          setCodes(error.body?.ErrorMessages.map((m) => m.ErrorMessage) ?? []);
        else {
          onError(error);
          return;
        }
        // The summary says why; it takes focus as the forms' summaries do.
        setTimeout(() => document.getElementById(summaryId)?.focus(), 0);
      },
    });
  };
  if (!ready) return null;
  return (
    <section aria-labelledby="your-data-heading" className={ui.stack}>
      <h2 id="your-data-heading">{t('heading')}</h2>
      <p>{t('intro', { studio: branding.studioName })}</p>
      <h3>{t('containsHeading')}</h3>
      <ul>
        {SECTIONS.map((section) => (
          <li key={section}>{t(`contains.${section}`)}</li>
        ))}
      </ul>
      <p>{t('noSecrets')}</p>
      <p>{t('reauth')}</p>
      <form
        className={ui.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onDownload();
        }}
      >
        {/* Inside the form: its Retry (API out of reach) submits the form again. */}
        <ErrorSummary codes={codes} unreachable={unreachable} id={summaryId} />
        <div className={ui.actions}>
          <SubmitButton busy={download.isPending}>{t('download')}</SubmitButton>
        </div>
      </form>
      <StatusMessage message={saved} />
      {reauth.dialog}
    </section>
  );
}
