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
 */
import { useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ENDPOINTS, type AccountSession, type ActivityEvent, type Device } from '@guildgate/contracts';
import { useApi, useErrorHandler } from '../../shared/api/api-context.tsx';
import { useAppConfiguration } from '../../shared/config/config-context.tsx';
import { formatShortDate } from '../../shared/format/format-date.ts';
import { StatusMessage, ui, useConfirmation } from '../../shared/ui/index.ts';
import listStyles from '../../shared/ui/account-list.module.css';
import styles from './security-page.module.css';

/** The query keys of the page (both read again after a sign-out). */
const SESSIONS_KEY = ['account', 'security', 'sessions'] as const;
const ACTIVITY_KEY = ['account', 'security', 'activity'] as const;

/** The device types the page names (ua-parser-js's types; others are shown without a type). */
const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet', 'console', 'smarttv', 'wearable', 'embedded']);

/** DD/MM/YY HH:MM of an ISO 8601 time, in the browser's zone. */
function formatDateTime(iso: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${formatShortDate(iso)} ${time}`;
}

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

/** The Security page. */
export function SecurityPage() {
  const { t, ready } = useTranslation('security');
  const { config, branding } = useAppConfiguration();
  if (!ready) return null;
  return (
    <section aria-labelledby="security-heading">
      <h2 id="security-heading">{t('heading')}</h2>
      <p>{t('intro', { studio: branding.studioName })}</p>
      {config.features.securitySessions ? <SessionsSection /> : null}
      {config.features.securityActivity ? <ActivitySection /> : null}
    </section>
  );
}
