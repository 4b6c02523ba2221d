/**
 * The second-factor form (issue 22 §4), one component for every place a password step answered a
 * `SecondFactorTicket`: the log-in's second step (features/login, POST log/second-factor), the
 * re-authentication dialog (shared/reauth) and the deletion page's password step (features/deletion),
 * both of which redeem the ticket with POST account/reauthentication/second-factor. It offers only the
 * methods the API named (`SecondFactorMethods`):
 * - `totp`: the 6-digit code of the authenticator app (autocomplete="one-time-code", numeric keyboard);
 * - `recovery_code`: one of the recovery codes, through "Use a recovery code instead";
 * - `passkey`: "Use a passkey" (where the browser supports WebAuthn): POST log/passkey/options with the
 *   ticket, the browser's prompt (`startAuthentication`, shared/passkeys), then the answer as `Passkey`.
 *   The player closing the prompt (NotAllowedError) gets a calm note, not an error.
 * At log-in it also offers "Remember this device for 30 days". Loaded lazily (second-factor-slot.tsx)
 * with its own `second-factor` i18n namespace, so no page's first visit carries either.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type SecondFactorMethod } from '@guildgate/contracts';
import { useApi } from '../api/api-context.tsx';
import { isApiError } from '../api/api-error.ts';
import { useServerErrors } from '../forms/use-server-errors.ts';
import {
  getPasskey,
  passkeyFailure,
  passkeySupport,
  type PasskeyAssertion,
  type PasskeyFailure,
} from '../passkeys/webauthn.ts';
import { CheckboxField, ErrorSummary, StatusMessage, SubmitButton, TextField, ui } from '../ui/index.ts';

const FIELDS = ['Code', 'RecoveryCode'] as const;

/** One proof of the second factor, as POST log/second-factor and account/reauthentication/second-factor take it. */
export interface SecondFactorProof {
  Code?: string;
  RecoveryCode?: string;
  Passkey?: PasskeyAssertion;
  /** Log-in only: skip the step on this browser for 30 days. */
  RememberDevice?: boolean;
}

/** Props of {@link SecondFactorForm}. */
export interface SecondFactorFormProps {
  /** The password step's SecondFactorTicket (for the passkey's options). */
  ticket: string;
  /** The methods the API offered (SecondFactorMethods); an empty list means the authenticator app's. */
  methods: readonly SecondFactorMethod[];
  /** 'login' offers "Remember this device"; 'reauthentication' says why a change asks for it. */
  purpose: 'login' | 'reauthentication';
  /**
   * Sends one proof with the ticket; resolves once the caller went on, rejects with the API's refusal
   * (shown in the form: ERROR_SECOND_FACTOR_INVALID under the field, others in the general list).
   */
  send: (proof: SecondFactorProof) => Promise<void>;
  /** The caller is still busy after `send` (e.g. establishing the session): the buttons stay busy. */
  busy?: boolean;
  /** Leaves the step for the password form ("Back to sign in", "Back to the password"). */
  onBack: () => void;
  /** The level of the form's own heading ("Two-step verification"); none inside a dialog that has one. */
  headingLevel?: 2 | 3;
}

type Mode = 'totp' | 'recovery' | 'passkey';

interface SecondFactorValues {
  Code: string;
  RecoveryCode: string;
  RememberDevice: boolean;
}

/** The methods to offer when the API named none (the authenticator app and its recovery codes). */
const DEFAULT_METHODS: readonly SecondFactorMethod[] = ['totp', 'recovery_code'];

/** The form's first mode: the app's code, else the passkey, else a recovery code. */
function firstMode(methods: readonly SecondFactorMethod[], passkeys: boolean): Mode {
  if (methods.includes('totp')) return 'totp';
  if (methods.includes('passkey') && passkeys) return 'passkey';
  return 'recovery';
}

/** The second-factor step of a log-in or a re-authentication (see the module's description). */
export default function SecondFactorForm({
  ticket,
  methods: offered,
  purpose,
  send,
  busy: callerBusy = false,
  onBack,
  headingLevel,
}: SecondFactorFormProps) {
  const { t, ready } = useTranslation('second-factor');
  const api = useApi();
  const methods = offered.length ? offered : DEFAULT_METHODS;
  // Whether the browser can use a passkey; null while unknown (the library loads).
  const passkeyNamed = methods.includes('passkey');
  const [webAuthn, setWebAuthn] = useState<boolean | null>(passkeyNamed ? null : false);
  useEffect(() => {
    if (!passkeyNamed) return;
    let live = true;
    void passkeySupport().then((support) => live && setWebAuthn(support.webAuthn));
    return () => {
      live = false;
    };
  }, [passkeyNamed]);
  const passkeyOffered = passkeyNamed && webAuthn === true;
  const [chosen, setChosen] = useState<Mode | null>(null);
  const mode = chosen ?? firstMode(methods, passkeyOffered);
  const [passkeyNote, setPasskeyNote] = useState('');
  const [passkeyError, setPasskeyError] = useState<Exclude<PasskeyFailure, 'aborted' | 'cancelled'> | null>(
    null,
  );
  const passkeyButton = useRef<HTMLButtonElement>(null);
  const { register, handleSubmit, setError, setFocus, getValues, formState } = useForm<SecondFactorValues>({
    defaultValues: { Code: '', RecoveryCode: '', RememberDevice: false },
  });
  const server = useServerErrors(FIELDS, (field, code, shouldFocus) =>
    setError(field, { type: 'server', message: code }, { shouldFocus }),
  );
  useEffect(() => {
    if (!ready || webAuthn === null) return;
    if (mode === 'totp') setFocus('Code');
    else if (mode === 'recovery') setFocus('RecoveryCode');
    else passkeyButton.current?.focus();
  }, [ready, webAuthn, mode, setFocus]);

  const login = purpose === 'login';
  const remember = () => (login ? { RememberDevice: getValues('RememberDevice') } : {});
  const verify = useMutation({ mutationFn: send });
  const passkey = useMutation({
    mutationFn: async () => {
      const { Options } = await api.call(ENDPOINTS.postLogPasskeyOptions, { body: { Ticket: ticket } });
      const answer = await getPasskey(Options);
      await send({ Passkey: answer, ...remember() });
    },
  });
  const busy = verify.isPending || passkey.isPending || callerBusy;
  const clear = () => {
    server.clear();
    setPasskeyNote('');
    setPasskeyError(null);
  };

  const onSubmit = handleSubmit((values) => {
    if (busy) return;
    clear();
    const proof: SecondFactorProof =
      mode === 'recovery' ? { RecoveryCode: values.RecoveryCode.trim() } : { Code: values.Code.trim() };
    verify.mutate({ ...proof, ...remember() }, { onError: (error) => server.apply(error) });
  });
  const usePasskey = () => {
    if (busy) return;
    clear();
    passkey.mutate(undefined, {
      onError: (error) => {
        if (isApiError(error)) {
          server.apply(error);
          return;
        }
        const failure = passkeyFailure(error);
        if (failure === 'cancelled') setPasskeyNote(t('passkeyCancelled'));
        else if (failure !== 'aborted') setPasskeyError(failure);
      },
    });
  };

  if (!ready || webAuthn === null) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const intro = mode === 'totp' ? t('intro') : mode === 'recovery' ? t('introRecovery') : t('introPasskey');
  const switches: Array<{ to: Mode; label: string }> = [];
  if (mode !== 'totp' && methods.includes('totp')) switches.push({ to: 'totp', label: t('useApp') });
  if (mode === 'recovery' && passkeyOffered && !methods.includes('totp'))
    switches.push({ to: 'passkey', label: t('usePasskeyInstead') });
  if (mode !== 'recovery' && methods.includes('recovery_code'))
    switches.push({ to: 'recovery', label: t('useRecovery') });
  return (
    <form className={ui.stack} onSubmit={(event) => void onSubmit(event)} noValidate>
      {headingLevel ? <Heading>{t('heading')}</Heading> : null}
      {login ? null : <p>{t('reauthIntro')}</p>}
      <p>{intro}</p>
      {passkeyNamed && !webAuthn ? <p>{t('passkeyUnsupported')}</p> : null}
      <ErrorSummary
        codes={server.general}
        unreachable={server.unreachable}
        id={server.summaryId}
        extra={passkeyError ? <li>{t(`passkeyErrors.${passkeyError}`)}</li> : undefined}
      />
      <StatusMessage message={passkeyNote} />
      {mode === 'recovery' ? (
        <TextField
          key="recovery"
          label={t('recoveryCode')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={formState.errors.RecoveryCode?.message}
          {...register('RecoveryCode')}
        />
      ) : mode === 'totp' ? (
        <TextField
          key="code"
          label={t('code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          error={formState.errors.Code?.message}
          {...register('Code')}
        />
      ) : null}
      {login ? <CheckboxField label={t('remember')} {...register('RememberDevice')} /> : null}
      <div className={ui.actions}>
        {mode === 'passkey' ? null : (
          <SubmitButton busy={verify.isPending || callerBusy}>{t('submit')}</SubmitButton>
        )}
        {passkeyOffered && mode !== 'recovery' ? (
          <button
            ref={passkeyButton}
            type="button"
            className={mode === 'passkey' ? ui.button : ui.buttonSecondary}
            aria-busy={passkey.isPending}
            aria-disabled={busy || undefined}
            onClick={usePasskey}
          >
            {t('usePasskey')}
          </button>
        ) : null}
      </div>
      <p className={ui.actions}>
        {switches.map((choice) => (
          <button
            key={choice.to}
            type="button"
            className={ui.buttonSecondary}
            onClick={() => {
              clear();
              setChosen(choice.to);
            }}
          >
            {choice.label}
          </button>
        ))}
        <button type="button" className={ui.buttonSecondary} onClick={onBack}>
          {login ? t('back') : t('backToPassword')}
        </button>
      </p>
    </form>
  );
}
