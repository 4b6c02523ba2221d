/**
 * /admin/clients — the partner sites registered with the hub (issue 24 §3; RFC 6749 §2 client
 * registration; GET/POST admin/clients, PUT/DELETE admin/clients/{clientId}, POST
 * admin/clients/{clientId}/secret). Every staff role reads the list (`platform.read`); an admin
 * (`platform.manage`) registers a site (name, optional client id, exact redirect URIs and log-out
 * URIs one per line, first or third party, how it authenticates at the token endpoint), edits one,
 * rotates its secret or removes it. A new secret is shown once, in a notice to copy it from — the API
 * keeps only its hash. Refusals (a redirect URI that is not exact, https or loopback…) are listed by
 * code in the error list.
 */
import { useId, useState, type SyntheticEvent } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type AdminClient, type AdminClientAuthMethod } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { CheckboxField, ErrorSummary, TextField, ui, useConfirmation } from '../../shared/ui/index.ts';
import { can, errorCodesOf, useAdmin } from './admin-context.ts';
import { NextPageButton, useActionMessages } from './admin-ui.tsx';
import styles from './admin.module.css';

const CLIENTS_KEY = ['admin', 'clients'] as const;

/** The lines of a textarea, trimmed, without blank ones. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A labelled multi-line field (one value per line). */
function LinesField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <p id={`${id}-hint`} className={ui.hint}>
        {hint}
      </p>
      <textarea
        id={id}
        className={ui.input}
        rows={3}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** What the client form edits. */
interface ClientDraft {
  clientId: string;
  name: string;
  redirectUris: string;
  logoutUris: string;
  firstParty: boolean;
  authMethod: AdminClientAuthMethod;
}

const EMPTY: ClientDraft = {
  clientId: '',
  name: '',
  redirectUris: '',
  logoutUris: '',
  firstParty: false,
  authMethod: 'client_secret_basic',
};

/** The draft of an existing client. */
function draftOf(client: AdminClient): ClientDraft {
  return {
    clientId: client.ClientId,
    name: client.Name,
    redirectUris: client.RedirectUris.join('\n'),
    logoutUris: client.PostLogoutRedirectUris.join('\n'),
    firstParty: client.FirstParty,
    authMethod: client.TokenEndpointAuthMethod,
  };
}

/** The client form: register (no `existing`) or edit. */
function ClientForm({
  initial,
  existing,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: ClientDraft;
  existing: boolean;
  busy: boolean;
  onSubmit: (draft: ClientDraft) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(initial);
  const methodId = useId();
  const set = (patch: Partial<ClientDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form className={ui.stack} onSubmit={submit}>
      <TextField
        label={t('clients.fields.name')}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      {existing ? null : (
        <TextField
          label={t('clients.fields.clientId')}
          hint={t('clients.fields.clientIdHint')}
          value={draft.clientId}
          onChange={(e) => set({ clientId: e.target.value })}
        />
      )}
      <LinesField
        label={t('clients.fields.redirectUris')}
        hint={t('clients.fields.urisHint')}
        value={draft.redirectUris}
        onChange={(redirectUris) => set({ redirectUris })}
      />
      <LinesField
        label={t('clients.fields.logoutUris')}
        hint={t('clients.fields.urisHint')}
        value={draft.logoutUris}
        onChange={(logoutUris) => set({ logoutUris })}
      />
      <CheckboxField
        label={t('clients.fields.firstParty')}
        checked={draft.firstParty}
        onChange={(e) => set({ firstParty: e.target.checked })}
      />
      <div className={ui.field}>
        <label htmlFor={methodId} className={ui.label}>
          {t('clients.fields.authMethod')}
        </label>
        <select
          id={methodId}
          className={ui.input}
          value={draft.authMethod}
          onChange={(e) => set({ authMethod: e.target.value as AdminClientAuthMethod })}
        >
          <option value="client_secret_basic">client_secret_basic</option>
          <option value="client_secret_post">client_secret_post</option>
          {existing ? null : <option value="none">{t('clients.publicClient')}</option>}
        </select>
      </div>
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={busy}>
          {existing ? t('clients.save') : t('clients.register')}
        </button>
        {onCancel ? (
          <button type="button" className={ui.buttonSecondary} onClick={onCancel}>
            {t('player.confirm.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The clients page. */
export function ClientsPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const { done, failed, messages } = useActionMessages();
  const { confirm, dialog } = useConfirmation();
  const manage = can(me, 'platform.manage');
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const clients = useInfiniteQuery({
    queryKey: CLIENTS_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      guard(() => api.call(ENDPOINTS.getAdminClients, { query: pageParam ? { cursor: pageParam } : {} })),
    getNextPageParam: (page) => page.NextCursor,
  });
  const create = useMutation({
    mutationFn: (draft: ClientDraft) =>
      guard(() =>
        api.call(ENDPOINTS.postAdminClients, {
          body: {
            ...(draft.clientId.trim() ? { ClientId: draft.clientId.trim() } : {}),
            Name: draft.name.trim(),
            RedirectUris: lines(draft.redirectUris),
            PostLogoutRedirectUris: lines(draft.logoutUris),
            FirstParty: draft.firstParty,
            TokenEndpointAuthMethod: draft.authMethod,
          },
        }),
      ),
    onSuccess: async (answer) => {
      setSecret(
        answer.ClientSecret ? { clientId: answer.Client.ClientId, secret: answer.ClientSecret } : null,
      );
      setFormKey((k) => k + 1);
      await done(t('clients.registered', { clientId: answer.Client.ClientId }));
    },
    onError: failed,
  });
  const update = useMutation({
    mutationFn: (draft: ClientDraft) =>
      guard(() =>
        api.call(ENDPOINTS.putAdminClients, {
          params: { clientId: draft.clientId },
          body: {
            Name: draft.name.trim(),
            RedirectUris: lines(draft.redirectUris),
            PostLogoutRedirectUris: lines(draft.logoutUris),
            FirstParty: draft.firstParty,
            ...(draft.authMethod === 'none' ? {} : { TokenEndpointAuthMethod: draft.authMethod }),
          },
        }),
      ),
    onSuccess: async (_answer, draft) => {
      setEditing(null);
      await done(t('clients.saved', { clientId: draft.clientId }));
    },
    onError: failed,
  });
  const rotate = useMutation({
    mutationFn: (client: AdminClient) =>
      guard(() => api.call(ENDPOINTS.postAdminClientsSecret, { params: { clientId: client.ClientId } })),
    onSuccess: async (answer) => {
      setSecret({ clientId: answer.Client.ClientId, secret: answer.ClientSecret });
      await done(t('clients.rotated', { clientId: answer.Client.ClientId }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (client: AdminClient) =>
      guard(() => api.call(ENDPOINTS.deleteAdminClients, { params: { clientId: client.ClientId } })),
    onSuccess: (_answer, client) => done(t('clients.removed', { clientId: client.ClientId })),
    onError: failed,
  });
  const ask = async (client: AdminClient, kind: 'rotate' | 'remove') => {
    const confirmed = await confirm({
      title: t(`clients.${kind}Title`, { clientId: client.ClientId }),
      body: t(`clients.${kind}Body`),
      confirmLabel: t(`clients.${kind}`),
      cancelLabel: t('player.confirm.cancel'),
    });
    if (!confirmed) return;
    if (kind === 'rotate') rotate.mutate(client);
    else remove.mutate(client);
  };
  const busy = create.isPending || update.isPending || rotate.isPending || remove.isPending;
  const rows = clients.data?.pages.flatMap((page) => page.Clients) ?? [];
  return (
    <section aria-labelledby="admin-clients-heading" className={ui.stack}>
      <h2 id="admin-clients-heading">{t('clients.heading')}</h2>
      <p>{t('clients.intro')}</p>
      {messages}
      {secret ? (
        <div className={styles.secret} role="region" aria-labelledby="admin-secret-heading">
          <h3 id="admin-secret-heading">{t('clients.secretHeading')}</h3>
          <p>{t('clients.secretIntro', { clientId: secret.clientId })}</p>
          <p>
            <code data-testid="client-secret">{secret.secret}</code>
          </p>
          <button type="button" className={ui.buttonSecondary} onClick={() => setSecret(null)}>
            {t('clients.secretDone')}
          </button>
        </div>
      ) : null}
      {clients.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : clients.isError ? (
        <ErrorSummary codes={errorCodesOf(clients.error)} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby="admin-clients-heading">
            <thead>
              <tr>
                <th scope="col">{t('clients.fields.clientId')}</th>
                <th scope="col">{t('clients.fields.name')}</th>
                <th scope="col">{t('clients.fields.redirectUris')}</th>
                <th scope="col">{t('clients.fields.party')}</th>
                {manage ? <td /> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((client) => (
                <tr key={client.ClientId}>
                  <td>{client.ClientId}</td>
                  <td>{client.Name}</td>
                  <td>
                    {client.RedirectUris.map((uri) => (
                      <div key={uri}>{uri}</div>
                    ))}
                  </td>
                  <td>{client.FirstParty ? t('clients.first') : t('clients.third')}</td>
                  {manage ? (
                    <td>
                      {editing === client.ClientId ? (
                        <ClientForm
                          initial={draftOf(client)}
                          existing
                          busy={busy}
                          onSubmit={(draft) => update.mutate(draft)}
                          onCancel={() => setEditing(null)}
                        />
                      ) : (
                        <div className={styles.actions}>
                          <button
                            type="button"
                            className={ui.buttonSecondary}
                            aria-label={t('clients.editLabel', { clientId: client.ClientId })}
                            onClick={() => setEditing(client.ClientId)}
                          >
                            {t('clients.edit')}
                          </button>
                          {client.TokenEndpointAuthMethod === 'none' ? null : (
                            <button
                              type="button"
                              className={ui.buttonSecondary}
                              aria-label={t('clients.rotateLabel', { clientId: client.ClientId })}
                              disabled={busy}
                              onClick={() => void ask(client, 'rotate')}
                            >
                              {t('clients.rotate')}
                            </button>
                          )}
                          <button
                            type="button"
                            className={ui.buttonDangerSecondary}
                            aria-label={t('clients.removeLabel', { clientId: client.ClientId })}
                            disabled={busy}
                            onClick={() => void ask(client, 'remove')}
                          >
                            {t('clients.remove')}
                          </button>
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NextPageButton query={clients} />
      {manage ? (
        <section aria-labelledby="admin-new-client-heading" className={ui.stack}>
          <h3 id="admin-new-client-heading">{t('clients.newHeading')}</h3>
          <ClientForm
            key={formKey}
            initial={EMPTY}
            existing={false}
            busy={busy}
            onSubmit={(d) => create.mutate(d)}
          />
        </section>
      ) : null}
      {dialog}
    </section>
  );
}
