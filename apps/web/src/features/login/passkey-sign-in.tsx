/**
 * "Sign in with a passkey" (issue 22 §3): the passwordless log-in of the log-in page, beside the
 * username field of every password log-in (identifier-first and one-step), where the `passkeys` flag is
 * on and the browser supports WebAuthn (`browserSupportsWebAuthn()`, shared/passkeys). POST
 * log/passkey/options without a ticket (discoverable credentials) → the browser's prompt
 * (`startAuthentication`) → POST log/passkey { Response } → Created, then the log-in completes as after
 * a password (use-login-context.ts: the session, then the permitted redirect, the partner return or
 * the /oauth hub's return).
 *
 * Conditional UI: where the browser offers passkeys in the autofill (`browserSupportsWebAuthnAutofill()`),
 * a conditional request starts as the form shows (the username field's autocomplete is
 * "username webauthn"), with fresh options every 4 minutes (a challenge lives 5); picking a passkey
 * there signs in the same way. The button's request replaces it (the library aborts the one under way),
 * and it starts again once the button's settles; leaving the form aborts it.
 *
 * The player closing the browser's prompt (NotAllowedError) gets a calm note. Loaded lazily with its
 * own `passkey-login` i18n namespace (passkey-sign-in-slot.tsx), so the log-in page's first visit
 * carries neither it nor the WebAuthn library.
 */
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { useServerErrors } from '../../shared/forms/use-server-errors.ts';
import {
  cancelPasskeyCeremony,
  getPasskey,
  passkeyFailure,
  passkeySupport,
  type PasskeyAssertion,
  type PasskeySupport,
} from '../../shared/passkeys/webauthn.ts';
import { StatusMessage, ui } from '../../shared/ui/index.ts';
import { LoginErrorSummary, normalizeLoginErrors } from './login-errors.tsx';
import { useLoginContext } from './use-login-context.ts';
import styles from './login.module.css';

/** How often the conditional request takes fresh options (a challenge lives 5 minutes). */
const AUTOFILL_RENEWAL_MS = 4 * 60 * 1000;

/** The failures the button names (the player's own cancel is a note; an abort is ours). */
type SignInFailure = 'unsupported' | 'failed';

/** The passkey sign-in of the log-in page (see the module's description). */
export default function PasskeySignIn() {
  const { t, ready } = useTranslation('passkey-login');
  const api = useApi();
  const { establishing, complete } = useLoginContext();
  const [support, setSupport] = useState<PasskeySupport | null>(null);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  // Bumped to start the conditional request again (after the button's request, on renewal).
  const [round, setRound] = useState(0);
  // A ceremony of ours is under way (to abort when the form goes); the form is still shown.
  const pending = useRef(0);
  const mounted = useRef(true);
  const server = useServerErrors([] as const, () => undefined);

  useEffect(() => {
    let live = true;
    void passkeySupport().then((found) => live && setSupport(found));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (pending.current > 0) void cancelPasskeyCeremony();
    };
  }, []);

  const signIn = useMutation({
    mutationFn: (assertion: PasskeyAssertion) =>
      api.call(ENDPOINTS.postLogPasskey, { body: { Response: assertion } }),
    onSuccess: (answer) => complete(answer.Created),
    onError: (error) => server.apply(error, normalizeLoginErrors),
  });
  /**
   * Runs one ceremony of ours, counted in `pending`; `wanted` false once its options came (the form
   * left, a newer round began) rejects as aborted instead of starting it.
   */
  const ceremony = async (autofill: boolean, wanted: () => boolean) => {
    const { Options } = await api.call(ENDPOINTS.postLogPasskeyOptions, { body: {} });
    if (!wanted() || !mounted.current) throw new DOMException('The log-in form moved on', 'AbortError');
    pending.current += 1;
    try {
      return await getPasskey(Options, autofill);
    } finally {
      pending.current -= 1;
    }
  };

  const autofill = support?.autofill === true;
  useEffect(() => {
    if (!autofill) return;
    let live = true;
    const renewal = setTimeout(() => setRound((n) => n + 1), AUTOFILL_RENEWAL_MS);
    ceremony(true, () => live).then(
      (assertion) => {
        if (!live) return;
        clearTimeout(renewal);
        server.clear();
        setNote('');
        setFailure(null);
        // Refused (the error shows), the autofill offers the passkeys again.
        signIn.mutate(assertion, { onError: () => setRound((n) => n + 1) });
      },
      (error: unknown) => {
        // The autofill's own failures are not the player's doing (options refused, aborted by the
        // button or a renewal): the button stays for an explicit try.
        if (live && !isApiError(error) && passkeyFailure(error) !== 'aborted')
          console.warn('Passkey autofill stopped', error);
      },
    );
    return () => {
      live = false;
      clearTimeout(renewal);
    };
    // One conditional request per round (the callbacks read the latest state when they run).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autofill, round]);

  const button = useMutation({ mutationFn: () => ceremony(false, () => true) });
  const onClick = () => {
    if (button.isPending || signIn.isPending || establishing) return;
    server.clear();
    setNote('');
    setFailure(null);
    button.mutate(undefined, {
      onSuccess: (assertion) => signIn.mutate(assertion),
      onError: (error) => {
        if (isApiError(error)) server.apply(error, normalizeLoginErrors);
        else {
          const kind = passkeyFailure(error);
          if (kind === 'cancelled') setNote(t('cancelled'));
          else if (kind === 'unsupported') setFailure('unsupported');
          else if (kind !== 'aborted') setFailure('failed');
        }
      },
      onSettled: () => setRound((n) => n + 1),
    });
  };

  if (!ready || !support?.webAuthn) return null;
  const busy = button.isPending || signIn.isPending || establishing;
  return (
    <div className={styles.passkey}>
      <p className={styles.or}>{t('or')}</p>
      <LoginErrorSummary
        codes={server.general}
        unreachable={server.unreachable}
        id={server.summaryId}
        extra={failure ? <li>{t(`errors.${failure}`)}</li> : undefined}
      />
      <StatusMessage message={note} />
      <div className={ui.actions}>
        <button
          type="button"
          className={ui.buttonSecondary}
          aria-busy={busy}
          aria-disabled={busy || undefined}
          onClick={onClick}
        >
          {t('button')}
        </button>
      </div>
    </div>
  );
}
