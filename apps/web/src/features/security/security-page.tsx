/**
 * /account/security — the account's Security page (issue 22 §5, §7), in the studio's branding like the
 * other account pages, its texts in the lazily loaded `security` i18n namespace (shared/i18n). Two
 * sections, each shown only with its flag:
 * - "Where you're signed in" (`securitySessions`): the player's active sessions (GET account/sessions),
 *   each with its device (browser, OS, type, model — parsed by the API), IP, first and last use, and
 *   "This device" on the caller's own; "Sign out" on each other one (POST
 *   account/sessions/{sessionId}/sign-out) and "Sign out everywhere else" (POST
 *   account/sessions/sign-out-others), which the player confirms first in an alert dialog;
 * - "Recent activity" (`securityActivity`): the player's security events of the last 90 days (GET
 *   account/activity), newest first, with "Show more" for the next page.
 * A sign-out is announced in a status region (role=status), focus goes to the section's heading (the
 * button it was on is gone), and both lists are read again (the sign-out is an event of the activity).
 * Dates are DD/MM/YY (spec §9) with the time, HH:MM, in the browser's zone.
 * - "Authenticator app" (`authenticatorApp`; issue 22 §1, §2): set up (the QR code the API rendered,
 *   the key, confirmed with a code), the ten recovery codes shown once with Copy, Download and "I have
 *   saved my recovery codes", new codes, removal; the sensitive calls through the re-authentication
 *   dialog (shared/reauth).
 * - "Passkeys" (`passkeys`; issue 22 §3): passkeys-section.tsx.
 */
import { useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  ENDPOINTS,
  type AccountSession,
  type ActivityEvent,
  type Device,
  type TotpEnrolmentResponse,
} from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { formatShortDate } from '../../shared/format/format-date.ts';
import { StatusMessage, SubmitButton, TextField, ui, useConfirmation } from '../../shared/ui/index.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import listStyles from '../../shared/ui/account-list.module.css';
import { PasskeysSection } from './passkeys-section.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { ACTIVITY_KEY, formatDateTime, SESSIONS_KEY, TOTP_KEY } from './security-queries.ts';
import styles from './security-page.module.css';

/** The device types the page names (ua-parser-js's types; others are shown without a type). */
const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet', 'console', 'smarttv', 'wearable', 'embedded']);

/** The device's name in words: "Chrome 131 on Windows 10", a model or type, or "Unknown device". */
function deviceName(t: TFunction<'security'>, device: Device): string {
  const { Browser, Os, Model, Type } = device;
  if (Browser && Os) return t('sessions.deviceOn', { browser: Browser, os: Os });
  const named = Browser ?? Os ?? Model;
  if (named) return named;
  return Type && DEVICE_TYPES.has(Type)
    ? t(`sessions.types.${Type}` as 'sessions.types.desktop')
    : t('sessions.unknownDevice');
}

/** The device's kind and model, when known ("Phone · Apple iPhone"). */
function deviceKind(t: TFunction<'security'>, device: Device): string {
  const type =
    device.Type && DEVICE_TYPES.has(device.Type)
      ? t(`sessions.types.${device.Type}` as 'sessions.types.desktop')
      : null;
  return [type, device.Model].filter(Boolean).join(' · ');
}

/** One session: device, "This device", IP, first and last use, Sign out. */
function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: AccountSession;
  busy: boolean;
  onSignOut: (session: AccountSession) => void;
}) {
  const { t } = useTranslation('security');
  const name = deviceName(t, session.Device);
  const kind = deviceKind(t, session.Device);
  return (
    <li className={listStyles.row}>
      <div className={listStyles.text}>
        <p className={styles.device}>
          <span>{name}</span>
          {session.Current ? <span className={styles.badge}>{t('sessions.thisDevice')}</span> : null}
        </p>
        {kind ? <p>{kind}</p> : null}
        <p>{session.Ip ? t('sessions.ip', { ip: session.Ip }) : t('sessions.unknownIp')}</p>
        <p>{t('sessions.firstUsed', { date: formatDateTime(session.CreatedAt) })}</p>
        <p>{t('sessions.lastUsed', { date: formatDateTime(session.LastUsedAt) })}</p>
      </div>
      {session.Current ? null : (
        <button
          type="button"
          className={ui.buttonDangerSecondary}
          aria-label={t('sessions.signOutLabel', { device: name })}
          disabled={busy}
          onClick={() => onSignOut(session)}
        >
          {t('sessions.signOut')}
        </button>
      )}
    </li>
  );
}

/** "Where you're signed in": the sessions, Sign out, Sign out everywhere else. */
function SessionsSection() {
  const { t } = useTranslation('security');
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const { confirm, dialog } = useConfirmation();
  const [notice, setNotice] = useState('');
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () =>
      api.call(ENDPOINTS.getAccountSessions).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const done = async (message: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
    ]);
    setNotice(message);
    heading.current?.focus();
  };
  const signOut = useMutation({
    mutationFn: (session: AccountSession) =>
      api.call(ENDPOINTS.postAccountSessionsSignOut, { params: { sessionId: session.SessionId } }),
    onSuccess: (_answer, session) => done(t('sessions.signedOut', { device: deviceName(t, session.Device) })),
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: () => api.call(ENDPOINTS.postAccountSessionsSignOutOthers),
    onSuccess: (answer) => done(t('sessions.signedOutOthers', { count: answer.SignedOut })),
    onError,
  });
  const busy = signOut.isPending || signOutOthers.isPending;
  const askToSignOutOthers = async () => {
    setNotice('');
    const confirmed = await confirm({
      title: t('sessions.confirm.title'),
      body: t('sessions.confirm.body'),
      confirmLabel: t('sessions.signOutOthers'),
      cancelLabel: t('sessions.confirm.cancel'),
    });
    if (confirmed) signOutOthers.mutate();
  };
  const others = sessions.data?.filter((session) => !session.Current).length ?? 0;
  return (
    <section aria-labelledby="security-sessions-heading" className={styles.section}>
      <h3 id="security-sessions-heading" ref={heading} tabIndex={-1}>
        {t('sessions.heading')}
      </h3>
      <p>{t('sessions.intro')}</p>
      <StatusMessage message={notice} />
      {sessions.data?.length ? (
        <ul className={listStyles.list}>
          {sessions.data.map((session) => (
            <SessionRow
              key={session.SessionId}
              session={session}
              busy={busy}
              onSignOut={(one) => {
                setNotice('');
                signOut.mutate(one);
              }}
            />
          ))}
        </ul>
      ) : null}
      {sessions.data ? (
        others > 0 ? (
          <p className={styles.actions}>
            <button
              type="button"
              className={ui.buttonDangerSecondary}
              disabled={busy}
              onClick={() => void askToSignOutOthers()}
            >
              {t('sessions.signOutOthers')}
            </button>
          </p>
        ) : (
          <p>{t('sessions.noOthers')}</p>
        )
      ) : null}
      {dialog}
    </section>
  );
}

/** One event: what, when, from where, at which site. */
function ActivityRow({ event }: { event: ActivityEvent }) {
  const { t } = useTranslation('security');
  const where = [event.Device ? deviceName(t, event.Device) : null, event.Ip].filter(Boolean).join(', ');
  return (
    <li className={styles.event}>
      <p className={styles.eventType}>{t(`activity.types.${event.Type}`)}</p>
      <p>
        <time dateTime={event.At}>{formatDateTime(event.At)}</time>
        {where ? ` · ${t('activity.from', { where })}` : null}
        {event.Client ? ` · ${t('activity.at', { client: event.Client })}` : null}
      </p>
    </li>
  );
}

/** "Recent activity": the events, by pages. */
function ActivitySection() {
  const { t } = useTranslation('security');
  const api = useApi();
  const onError = useErrorHandler();
  const activity = useInfiniteQuery({
    queryKey: ACTIVITY_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api
        .call(ENDPOINTS.getAccountActivity, { query: pageParam === null ? {} : { cursor: pageParam } })
        .catch((error: unknown) => {
          onError(error);
          throw error;
        }),
    getNextPageParam: (page) => page.NextCursor,
  });
  const events = activity.data?.pages.flatMap((page) => page.Events) ?? [];
  return (
    <section aria-labelledby="security-activity-heading" className={styles.section}>
      <h3 id="security-activity-heading">{t('activity.heading')}</h3>
      <p>{t('activity.intro')}</p>
      {activity.data && events.length === 0 ? <p>{t('activity.empty')}</p> : null}
      {events.length ? (
        <ul className={styles.events}>
          {events.map((event, index) => (
            <ActivityRow key={`${event.At}-${String(index)}`} event={event} />
          ))}
        </ul>
      ) : null}
      {activity.hasNextPage ? (
        <p className={styles.actions}>
          <button
            type="button"
            className={ui.buttonSecondary}
            aria-busy={activity.isFetchingNextPage}
            onClick={() => void activity.fetchNextPage()}
          >
            {t('activity.more')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** "Authenticator app": set up (QR code, key, a code), recovery codes once, new codes, remove. */
function AuthenticatorSection() {
  const { t } = useTranslation('security');
  const api = useApi();
  const onError = useErrorHandler();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const reauth = useReauthentication(user?.Id_User ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const status = useQuery({
    queryKey: TOTP_KEY,
    queryFn: () =>
      api.call(ENDPOINTS.getAccountSecondFactors).catch((error: unknown) => {
        onError(error);
        throw error;
      }),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TOTP_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
    ]);
  const start = useMutation({
    mutationFn: () => reauth.guard(() => api.call(ENDPOINTS.postAccountSecondFactorsTotp)),
    onSuccess: (answer) => {
      setNotice('');
      setCode('');
      setCodeError(undefined);
      setEnrolment(answer);
    },
    onError,
  });
  const confirmCode = useMutation({
    mutationFn: (value: string) =>
      api.call(ENDPOINTS.postAccountSecondFactorsTotpConfirm, { body: { Code: value.trim() } }),
    onSuccess: async (answer) => {
      setEnrolment(null);
      setCodes(answer.RecoveryCodes);
      await refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400)
        setCodeError(error.body?.ErrorMessages[0]?.ErrorMessage ?? 'ERROR_SECOND_FACTOR_INVALID');
      else onError(error);
    },
  });
  const regenerate = useMutation({
    mutationFn: () => reauth.guard(() => api.call(ENDPOINTS.postAccountSecondFactorsRecoveryCodes)),
    onSuccess: async (answer) => {
      setCodes(answer.RecoveryCodes);
      await refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: () => reauth.guard(() => api.call(ENDPOINTS.postAccountSecondFactorsTotpRemove)),
    onSuccess: async () => {
      await refresh();
      setNotice(t('totp.removed'));
      heading.current?.focus();
    },
    onError,
  });
  const enrolled = status.data?.Totp ?? false;
  return (
    <section aria-labelledby="security-totp-heading" className={styles.section}>
      <h3 id="security-totp-heading" ref={heading} tabIndex={-1}>
        {t('totp.heading')}
      </h3>
      <p>{t('totp.intro')}</p>
      <StatusMessage message={notice} />
      {codes ? (
        <RecoveryCodes
          codes={codes}
          intro={t('totp.codesIntro')}
          onDone={() => {
            setCodes(null);
            setNotice(t('totp.enabled'));
            heading.current?.focus();
          }}
        />
      ) : enrolment ? (
        <form
          className={ui.stack}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmCode.isPending) confirmCode.mutate(code);
          }}
        >
          <p>{t('totp.scan')}</p>
          <img
            className={styles.qr}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.QrSvg)}`}
            alt={t('totp.qr')}
            width={200}
            height={200}
          />
          <p>
            {t('totp.key')} <code className={styles.key}>{enrolment.Secret}</code>
          </p>
          <TextField
            label={t('totp.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            error={codeError}
            onChange={(event) => setCode(event.target.value)}
          />
          <p className={styles.actions}>
            <SubmitButton busy={confirmCode.isPending}>{t('totp.confirm')}</SubmitButton>
            <button type="button" className={ui.buttonSecondary} onClick={() => setEnrolment(null)}>
              {t('totp.cancel')}
            </button>
          </p>
        </form>
      ) : status.data ? (
        <>
          <p>
            {enrolled && status.data.TotpConfirmedAt
              ? t('totp.on', { date: formatShortDate(status.data.TotpConfirmedAt) })
              : t('totp.off')}
            {enrolled ? ` ${t('totp.codesLeft', { count: status.data.RecoveryCodesLeft })}` : null}
          </p>
          <p className={styles.actions}>
            {enrolled ? (
              <>
                <button
                  type="button"
                  className={ui.buttonSecondary}
                  aria-busy={regenerate.isPending}
                  onClick={() => regenerate.isPending || regenerate.mutate()}
                >
                  {t('totp.regenerate')}
                </button>
                <button
                  type="button"
                  className={ui.buttonDangerSecondary}
                  aria-busy={remove.isPending}
                  onClick={() => remove.isPending || remove.mutate()}
                >
                  {t('totp.remove')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className={ui.button}
                aria-busy={start.isPending}
                onClick={() => start.isPending || start.mutate()}
              >
                {t('totp.setUp')}
              </button>
            )}
          </p>
        </>
      ) : null}
      {reauth.dialog}
    </section>
  );
}

/** The Security page. */
export function SecurityPage() {
  const { t, ready } = useTranslation('security');
  const { config, branding } = useAppConfiguration();
  if (!ready) return null;
  return (
    <section aria-labelledby="security-heading">
      <h2 id="security-heading">{t('heading')}</h2>
      <p>{t('intro', { studio: branding.studioName })}</p>
      {config.features.authenticatorApp ? <AuthenticatorSection /> : null}
      {config.features.passkeys ? <PasskeysSection /> : null}
      {config.features.securitySessions ? <SessionsSection /> : null}
      {config.features.securityActivity ? <ActivitySection /> : null}
    </section>
  );
}
