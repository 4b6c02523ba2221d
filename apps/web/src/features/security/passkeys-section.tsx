/**
 * The Security page's "Passkeys" section (issue 22 §3; shown with the `passkeys` flag): the player's
 * passkeys (GET account/passkeys: name, when added, when last used, "Synced" for a passkey the
 * authenticator syncs between devices), and:
 * - "Add a passkey": a name (by default the browser and system, e.g. "Chrome on macOS"), then POST
 *   account/passkeys/registration-options (through the re-authentication dialog when the API asks for
 *   it), the browser's prompt (`startRegistration`, shared/passkeys, loaded on first use), and POST
 *   account/passkeys { Name, Response }. A first second factor brings the ten recovery codes, shown once
 *   as after the authenticator app's set-up (recovery-codes.tsx);
 * - Rename (POST account/passkeys/{passkeyId}/rename) in place;
 * - Remove (POST account/passkeys/{passkeyId}/remove, re-authentication), confirmed first.
 * The player closing the browser's prompt (NotAllowedError) gets a calm note; a browser without
 * WebAuthn (`browserSupportsWebAuthn()` false) gets a note instead of the list and its buttons. Changes
 * are announced in a status region and focus goes to the section's heading; the recovery codes, the
 * authenticator app's state and the activity are read again.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ENDPOINTS, type Passkey } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { collectFormErrors } from '../../shared/api/form-errors.ts';
import { formatShortDate } from '../../shared/format/format-date.ts';
import { createPasskey, passkeyFailure, passkeySupport } from '../../shared/passkeys/webauthn.ts';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import {
  ErrorSummary,
  StatusMessage,
  SubmitButton,
  TextField,
  ui,
  useConfirmation,
} from '../../shared/ui/index.ts';
import listStyles from '../../shared/ui/account-list.module.css';
import { RecoveryCodes } from './recovery-codes.tsx';
import { ACTIVITY_KEY, PASSKEYS_KEY, TOTP_KEY, formatDateTime } from './security-queries.ts';
import styles from './security-page.module.css';

/** The longest name the API keeps (contracts passkeys.ts). */
const NAME_MAX = 64;

/** What Chromium-based browsers tell of themselves (User-Agent Client Hints), where they do. */
interface UserAgentData {
  brands?: ReadonlyArray<{ brand: string }>;
  platform?: string;
}

/**
 * The name a new passkey gets unless the player types another: the browser and the system from the
 * User-Agent Client Hints ("Chrome on macOS"), where the browser gives them, else "Passkey".
 */
function defaultName(t: TFunction<'security'>): string {
  const data = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const brands = (data?.brands ?? [])
    .map((entry) => entry.brand)
    .filter((brand) => !/not.?a.?brand/i.test(brand));
  const browser = brands.find((brand) => !/^chromium$/i.test(brand)) ?? brands[0];
  const os = data?.platform;
  return browser && os
    ? t('passkeys.deviceName', { browser, os }).slice(0, NAME_MAX)
    : t('passkeys.defaultName');
}

/** One passkey: name, "Synced", added, last used; Rename and Remove, or the rename form. */
function PasskeyRow({
  passkey,
  busy,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  busy: boolean;
  onRename: (passkey: Passkey, name: string) => Promise<void>;
  onRemove: (passkey: Passkey) => void;
}) {
  const { t } = useTranslation('security');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.Name);
  const [error, setError] = useState<string | undefined>();
  const [general, setGeneral] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const save = async () => {
    if (saving) return;
    setError(undefined);
    setGeneral([]);
    if (!name.trim()) {
      setError('ERROR_PASSKEY_NAME_EMPTY');
      return;
    }
    setSaving(true);
    try {
      await onRename(passkey, name.trim());
      setEditing(false);
    } catch (failure) {
      const collected = collectFormErrors(failure, ['Name'] as const);
      if (collected?.fields.Name) setError(collected.fields.Name);
      if (collected) setGeneral(collected.general);
    } finally {
      setSaving(false);
    }
  };
  if (editing) {
    return (
      <li className={listStyles.row}>
        <form
          className={`${ui.stack} ${listStyles.text}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <ErrorSummary codes={general} />
          <TextField
            label={t('passkeys.newName', { name: passkey.Name })}
            value={name}
            maxLength={NAME_MAX}
            autoComplete="off"
            error={error}
            // The field the player asked for takes focus (it replaces the Rename button).
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <p className={styles.actions}>
            <SubmitButton busy={saving}>{t('passkeys.save')}</SubmitButton>{' '}
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() => {
                setEditing(false);
                setName(passkey.Name);
                requestAnimationFrame(() => renameButton.current?.focus());
              }}
            >
              {t('passkeys.cancelRename')}
            </button>
          </p>
        </form>
      </li>
    );
  }
  return (
    <li className={listStyles.row}>
      <div className={listStyles.text}>
        <p className={styles.device}>
          <span>{passkey.Name}</span>
          {passkey.Synced ? <span className={styles.badge}>{t('passkeys.synced')}</span> : null}
        </p>
        <p>{t('passkeys.added', { date: formatShortDate(passkey.CreatedAt) })}</p>
        <p>
          {passkey.LastUsedAt
            ? t('passkeys.lastUsed', { date: formatDateTime(passkey.LastUsedAt) })
            : t('passkeys.neverUsed')}
        </p>
      </div>
      <p className={styles.rowActions}>
        <button
          ref={renameButton}
          type="button"
          className={ui.buttonSecondary}
          aria-label={t('passkeys.renameLabel', { name: passkey.Name })}
          disabled={busy}
          onClick={() => {
            setName(passkey.Name);
            setError(undefined);
            setGeneral([]);
            setEditing(true);
          }}
        >
          {t('passkeys.rename')}
        </button>
        <button
          type="button"
          className={ui.buttonDangerSecondary}
          aria-label={t('passkeys.removeLabel', { name: passkey.Name })}
          disabled={busy}
          onClick={() => onRemove(passkey)}
        >
          {t('passkeys.remove')}
        </button>
      </p>
    </li>
  );
}

/** The failures of "Add a passkey" the section names (the player's own cancel is a note, not an error). */
type AddFailure = 'registered' | 'unsupported' | 'failed';

/** "Passkeys": the list, Add, Rename, Remove (see the module's description). */
export function PasskeysSection() {
  const { t } = useTranslation('security');
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const reauth = useReauthentication(user?.Id_User ?? null);
  const { confirm, dialog } = useConfirmation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [supported, setSupported] = useState<boolean | null>(null);
  const [notice, setNotice] = useState('');
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [general, setGeneral] = useState<string[]>([]);
  const [failure, setFailure] = useState<AddFailure | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void passkeySupport().then((support) => live && setSupported(support.webAuthn));
    return () => {
      live = false;
    };
  }, []);
  const passkeys = useQuery({
    queryKey: PASSKEYS_KEY,
    enabled: supported === true,
    queryFn: () =>
      api.call(ENDPOINTS.getAccountPasskeys).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const refresh = () =>
    Promise.all(
      [PASSKEYS_KEY, TOTP_KEY, ACTIVITY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  const announce = (message: string) => {
    setNotice(message);
    heading.current?.focus();
  };
  const clearErrors = () => {
    setNameError(undefined);
    setGeneral([]);
    setFailure(null);
  };

  const add = useMutation({
    mutationFn: async (chosen: string) => {
      const { Options } = await reauth.guard(() =>
        api.call(ENDPOINTS.postAccountPasskeysRegistrationOptions),
      );
      const response = await createPasskey(Options);
      return api.call(ENDPOINTS.postAccountPasskeys, { body: { Name: chosen, Response: response } });
    },
    onSuccess: async (answer) => {
      setAdding(false);
      await refresh();
      if (answer.RecoveryCodes?.length) {
        setNotice('');
        setCodes(answer.RecoveryCodes);
      } else announce(t('passkeys.addedNotice', { name: answer.Passkey.Name }));
    },
    onError: (error) => {
      if (isApiError(error)) {
        const collected = collectFormErrors(error, ['Name'] as const);
        if (!collected) {
          onError(error);
          return;
        }
        setNameError(collected.fields.Name);
        setGeneral(collected.general);
        return;
      }
      const kind = passkeyFailure(error);
      if (kind === 'cancelled') setNotice(t('passkeys.cancelled'));
      else if (kind !== 'aborted') setFailure(kind);
    },
  });
  const rename = async (passkey: Passkey, newName: string) => {
    setNotice('');
    try {
      await reauth.guard(() =>
        api.call(ENDPOINTS.postAccountPasskeysRename, {
          params: { passkeyId: passkey.Id },
          body: { Name: newName },
        }),
      );
    } catch (error) {
      if (!collectFormErrors(error, ['Name'] as const)) onError(error);
      throw error;
    }
    await refresh();
    announce(t('passkeys.renamedNotice', { name: newName }));
  };
  const remove = useMutation({
    mutationFn: (passkey: Passkey) =>
      reauth.guard(() =>
        api.call(ENDPOINTS.postAccountPasskeysRemove, { params: { passkeyId: passkey.Id } }),
      ),
    onSuccess: async (_answer, passkey) => {
      await refresh();
      announce(t('passkeys.removedNotice', { name: passkey.Name }));
    },
    onError,
  });
  const askToRemove = async (passkey: Passkey) => {
    setNotice('');
    const confirmed = await confirm({
      title: t('passkeys.confirm.title', { name: passkey.Name }),
      body: t('passkeys.confirm.body'),
      confirmLabel: t('passkeys.confirm.remove'),
      cancelLabel: t('passkeys.confirm.cancel'),
    });
    if (confirmed) remove.mutate(passkey);
  };
  const startAdding = () => {
    setNotice('');
    clearErrors();
    setName(defaultName(t));
    setAdding(true);
  };
  const submitAdd = () => {
    if (add.isPending) return;
    clearErrors();
    setNotice('');
    const chosen = name.trim();
    if (!chosen) {
      setNameError('ERROR_PASSKEY_NAME_EMPTY');
      return;
    }
    add.mutate(chosen);
  };

  const list = passkeys.data?.Passkeys;
  const busy = add.isPending || remove.isPending;
  return (
    <section aria-labelledby="security-passkeys-heading" className={styles.section}>
      <h3 id="security-passkeys-heading" ref={heading} tabIndex={-1}>
        {t('passkeys.heading')}
      </h3>
      <p>{t('passkeys.intro')}</p>
      <StatusMessage message={notice} />
      {supported === false ? <p>{t('passkeys.unsupported')}</p> : null}
      {supported && codes ? (
        <RecoveryCodes
          codes={codes}
          intro={t('passkeys.codesIntro')}
          onDone={() => {
            setCodes(null);
            announce(t('passkeys.addedWithCodes'));
          }}
        />
      ) : null}
      {supported && !codes && list ? (
        <>
          {list.length ? (
            <ul className={listStyles.list} aria-label={t('passkeys.listLabel')}>
              {list.map((passkey) => (
                <PasskeyRow
                  key={passkey.Id}
                  passkey={passkey}
                  busy={busy}
                  onRename={rename}
                  onRemove={(one) => void askToRemove(one)}
                />
              ))}
            </ul>
          ) : (
            <p>{t('passkeys.none')}</p>
          )}
          {adding ? (
            <form
              className={ui.stack}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submitAdd();
              }}
            >
              <ErrorSummary
                codes={general}
                extra={failure ? <li>{t(`passkeys.errors.${failure}`)}</li> : undefined}
              />
              <TextField
                label={t('passkeys.name')}
                hint={t('passkeys.nameHint')}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                error={nameError}
                // The form the player asked for: its one field takes focus.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                onChange={(event) => setName(event.target.value)}
              />
              <p className={styles.actions}>
                <SubmitButton busy={add.isPending}>{t('passkeys.create')}</SubmitButton>{' '}
                <button
                  type="button"
                  className={ui.buttonSecondary}
                  onClick={() => {
                    setAdding(false);
                    clearErrors();
                  }}
                >
                  {t('passkeys.cancelAdd')}
                </button>
              </p>
            </form>
          ) : (
            <p className={styles.actions}>
              <button type="button" className={ui.button} disabled={busy} onClick={startAdding}>
                {t('passkeys.add')}
              </button>
            </p>
          )}
        </>
      ) : null}
      {dialog}
      {reauth.dialog}
    </section>
  );
}
