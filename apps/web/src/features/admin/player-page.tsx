/**
 * /admin/players/{idUser} — a player's page (issue 24 §2; GET admin/players/{idUser}, permission
 * `players.read`): the profile and its confirmation state, the ban, the staff role, the log-in
 * throttle (locked or not, the failures per address), the second factors, the active sessions, and the
 * data the player's own export shows (connections, consents, newsletters, survey, badges, security
 * events), with a link to the staff actions on this player in the audit trail.
 *
 * Support actions (`players.support`; absent for a viewer — the API refuses them anyway): lift the
 * log-in lock, resend the confirmation e-mail, mark the e-mail confirmed, send a password-recovery
 * e-mail, sign out everywhere, reset second factors, ban or unban, delete the account. Each offers only
 * where it applies (e.g. "Lift the log-in lock" while failures are counted); the destructive ones ask a
 * confirmation first. One Reason field serves them all: the API requires it for marking confirmed,
 * resetting factors, banning and deleting (ERROR_STAFF_REASON_REQUIRED, shown in the error list), and
 * writes it to the audit event. A done action is announced in a status region and the page reads the
 * player again; after a deletion the page goes back to the search.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type AdminPlayerDetail } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { ErrorSummary, StatusMessage, ui, useConfirmation } from '../../shared/ui/index.ts';
import type { ApiClient } from '../../shared/api/api-client.ts';
import { ADMIN_KEYS, can, errorCodesOf, formatAdminTime, useAdmin } from './admin-context.ts';
import styles from './admin.module.css';

/** The support actions, in the order the page offers them. */
const ACTIONS = [
  'liftLock',
  'resendConfirmation',
  'confirmEmail',
  'sendRecovery',
  'signOutEverywhere',
  'resetSecondFactors',
  'ban',
  'unban',
  'delete',
] as const;
type Action = (typeof ACTIONS)[number];

/** The actions that cannot simply be taken back: asked for confirmation, drawn destructive. */
const DESTRUCTIVE: ReadonlySet<Action> = new Set([
  'signOutEverywhere',
  'resetSecondFactors',
  'ban',
  'delete',
]);

/** Does `action` apply to the player as they are now? */
function applies(action: Action, detail: AdminPlayerDetail): boolean {
  const { Player, Ban, SecondFactors, Throttle } = detail;
  switch (action) {
    case 'liftLock':
      return Throttle.Locked || Throttle.AccountFailures > 0 || Throttle.Addresses.length > 0;
    case 'resendConfirmation':
    case 'confirmEmail':
      return !Player.EmailConfirmed;
    case 'sendRecovery':
      return Player.HasPassword;
    case 'signOutEverywhere':
      return detail.Sessions.length > 0;
    case 'resetSecondFactors':
      return SecondFactors.Totp || SecondFactors.Passkeys > 0 || SecondFactors.RecoveryCodesLeft > 0;
    case 'ban':
      return !Ban.Banned;
    case 'unban':
      return Ban.Banned;
    case 'delete':
      return true;
  }
}

/** Sends `action` for player `idUser` with `reason` (none when blank). */
async function send(api: ApiClient, action: Action, idUser: string, reason: string): Promise<unknown> {
  const input = { params: { idUser }, body: reason ? { Reason: reason } : {} };
  switch (action) {
    case 'liftLock':
      return api.call(ENDPOINTS.postAdminPlayersLiftLock, input);
    case 'resendConfirmation':
      return api.call(ENDPOINTS.postAdminPlayersResendConfirmation, input);
    case 'confirmEmail':
      return api.call(ENDPOINTS.postAdminPlayersConfirmEmail, input);
    case 'sendRecovery':
      return api.call(ENDPOINTS.postAdminPlayersSendPasswordRecovery, input);
    case 'signOutEverywhere':
      return api.call(ENDPOINTS.postAdminPlayersSignOutEverywhere, input);
    case 'resetSecondFactors':
      return api.call(ENDPOINTS.postAdminPlayersResetSecondFactors, input);
    case 'ban':
      return api.call(ENDPOINTS.postAdminPlayersBan, input);
    case 'unban':
      return api.call(ENDPOINTS.postAdminPlayersUnban, input);
    case 'delete':
      return api.call(ENDPOINTS.deleteAdminPlayers, input);
  }
}

/** The profile as a description list. */
function Profile({ detail }: { detail: AdminPlayerDetail }) {
  const { t } = useTranslation('admin');
  const { Player, Ban, StaffRole } = detail;
  const facts: [string, string][] = [
    [t('player.fields.id'), Player.Id_User],
    [t('player.fields.username'), Player.Username],
    [t('player.fields.email'), Player.Email],
    [t('player.fields.locale'), Player.Locale ?? '—'],
    [t('player.fields.created'), formatAdminTime(Player.CreatedAt)],
    [
      t('player.fields.confirmation'),
      Player.EmailConfirmed
        ? `${t('players.confirmed')} ${formatAdminTime(Player.EmailConfirmedAt)}`
        : t('players.unconfirmed'),
    ],
    [t('player.fields.role'), StaffRole ? t(`roles.${StaffRole}`) : t('player.noRole')],
    [
      t('player.fields.ban'),
      Ban.Banned
        ? [t('player.bannedSince', { date: formatAdminTime(Ban.Since) }), Ban.Reason]
            .filter(Boolean)
            .join(' — ')
        : t('player.notBanned'),
    ],
  ];
  return (
    <section aria-labelledby="admin-profile-heading" className={ui.stack}>
      <h3 id="admin-profile-heading">{t('player.profile')}</h3>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The log-in throttle: locked or not, the account's failures, each address's. */
function Throttle({ detail }: { detail: AdminPlayerDetail }) {
  const { t } = useTranslation('admin');
  const { Throttle: throttle } = detail;
  return (
    <section aria-labelledby="admin-throttle-heading" className={ui.stack}>
      <h3 id="admin-throttle-heading">{t('player.throttle')}</h3>
      <p className={throttle.Locked ? styles.locked : undefined}>
        {throttle.Locked ? t('player.locked') : t('player.notLocked')}
      </p>
      <p>
        {t('player.accountFailures', {
          count: throttle.AccountFailures,
          limit: throttle.AccountFailureLimit,
        })}{' '}
        {throttle.AccountWindowEndsAt
          ? t('player.windowEnds', { date: formatAdminTime(throttle.AccountWindowEndsAt) })
          : null}
      </p>
      {throttle.Addresses.length > 0 ? (
        <ul>
          {throttle.Addresses.map((address) => (
            <li key={address.Ip}>
              {t('player.address', { ip: address.Ip, count: address.Failures })}
              {address.BackoffUntil
                ? `, ${t('player.backoffUntil', { date: formatAdminTime(address.BackoffUntil) })}`
                : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The second factors and the active sessions. */
function Security({ detail }: { detail: AdminPlayerDetail }) {
  const { t } = useTranslation('admin');
  const { SecondFactors: factors, Sessions: sessions } = detail;
  return (
    <>
      <section aria-labelledby="admin-factors-heading" className={ui.stack}>
        <h3 id="admin-factors-heading">{t('player.secondFactors')}</h3>
        <ul>
          <li>{factors.Totp ? t('player.totpOn') : t('player.totpOff')}</li>
          <li>{t('player.passkeys', { count: factors.Passkeys })}</li>
          <li>{t('player.recoveryCodes', { count: factors.RecoveryCodesLeft })}</li>
        </ul>
      </section>
      <section aria-labelledby="admin-sessions-heading" className={ui.stack}>
        <h3 id="admin-sessions-heading">{t('player.sessions')}</h3>
        {sessions.length === 0 ? (
          <p>{t('player.noSessions')}</p>
        ) : (
          <ul>
            {sessions.map((session) => (
              <li key={session.SessionId}>
                {t('player.session', {
                  device:
                    [session.Device.Browser, session.Device.Os].filter(Boolean).join(' · ') ||
                    t('player.unknownDevice'),
                  ip: session.Ip ?? '—',
                  date: formatAdminTime(session.LastUsedAt),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The support actions: the Reason field and a button per action that applies. */
function SupportActions({ detail }: { detail: AdminPlayerDetail }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { guard } = useAdmin();
  const { confirm, dialog } = useConfirmation();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const reasonId = useId();
  const hintId = useId();
  const idUser = detail.Player.Id_User;
  const run = useMutation({
    mutationFn: (action: Action) => guard(() => send(api, action, idUser, reason.trim())),
    onSuccess: async (_answer, action) => {
      setErrors([]);
      setReason('');
      if (action === 'delete') {
        queryClient.removeQueries({ queryKey: ADMIN_KEYS.player(idUser) });
        await queryClient.invalidateQueries({ queryKey: ['admin', 'players'] });
        void navigate('/admin/players');
        return;
      }
      setNotice(t('player.done', { action: t(`player.action.${action}`) }));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      setNotice('');
      setErrors(errorCodesOf(error));
    },
  });
  const start = async (action: Action) => {
    if (DESTRUCTIVE.has(action)) {
      const label = t(`player.action.${action}`);
      const confirmed = await confirm({
        title: t('player.confirm.title', { action: label, username: detail.Player.Username }),
        body: action === 'delete' ? t('player.confirm.deleteBody') : t('player.confirm.body'),
        confirmLabel: label,
        cancelLabel: t('player.confirm.cancel'),
      });
      if (!confirmed) return;
    }
    run.mutate(action);
  };
  return (
    <section aria-labelledby="admin-actions-heading" className={ui.stack}>
      <h3 id="admin-actions-heading">{t('player.actions')}</h3>
      <ErrorSummary codes={errors} />
      <StatusMessage message={notice} />
      <div className={ui.field}>
        <label htmlFor={reasonId} className={ui.label}>
          {t('player.reason')}
        </label>
        <p id={hintId} className={ui.hint}>
          {t('player.reasonHint')}
        </p>
        <input
          id={reasonId}
          className={ui.input}
          value={reason}
          maxLength={500}
          aria-describedby={hintId}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className={styles.actions}>
        {ACTIONS.filter((action) => applies(action, detail)).map((action) => (
          <button
            key={action}
            type="button"
            className={DESTRUCTIVE.has(action) ? ui.buttonDangerSecondary : ui.buttonSecondary}
            disabled={run.isPending}
            onClick={() => void start(action)}
          >
            {t(`player.action.${action}`)}
          </button>
        ))}
      </div>
      {dialog}
    </section>
  );
}

/** The player page. */
export function PlayerPage() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { me, guard } = useAdmin();
  const idUser = useParams().idUser ?? '';
  const player = useQuery({
    queryKey: ADMIN_KEYS.player(idUser),
    queryFn: () => guard(() => api.call(ENDPOINTS.getAdminPlayer, { params: { idUser } })),
    retry: false,
  });
  let body;
  if (player.isPending) body = <p role="status">{t('loading')}</p>;
  else if (player.isError) {
    body =
      isApiError(player.error) && (player.error.status === 404 || player.error.status === 400) ? (
        <p>{t('player.unknown')}</p>
      ) : (
        <ErrorSummary codes={errorCodesOf(player.error)} />
      );
  } else {
    const detail = player.data;
    body = (
      <>
        <Profile detail={detail} />
        <Throttle detail={detail} />
        <Security detail={detail} />
        {can(me, 'players.support') ? <SupportActions detail={detail} /> : null}
        <section aria-labelledby="admin-data-heading" className={ui.stack}>
          <h3 id="admin-data-heading">{t('player.data')}</h3>
          <p>{t('player.dataHint')}</p>
          <details>
            <summary>{t('player.showData')}</summary>
            <pre className={styles.data}>{JSON.stringify(detail.Data, null, 2)}</pre>
          </details>
          {can(me, 'audit.read') ? (
            <p>
              <Link to={`/admin/audit?${new URLSearchParams({ target: idUser })}`}>
                {t('player.auditLink')}
              </Link>
            </p>
          ) : null}
        </section>
      </>
    );
  }
  return (
    <section aria-labelledby="admin-player-heading" className={ui.stack}>
      <p>
        <Link to="/admin/players">{t('player.back')}</Link>
      </p>
      <h2 id="admin-player-heading">{player.data?.Player.Username ?? t('players.heading')}</h2>
      {body}
    </section>
  );
}
