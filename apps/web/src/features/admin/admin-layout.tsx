/**
 * /admin — the operator console's layout (issue 24 §5): a feature area of its own, loaded only when a
 * staff member opens it (the player pages' bundles do not grow). It reads the caller (GET admin/me):
 * - a player without a staff role sees "for staff only" (403 ERROR_STAFF_ROLE_REQUIRED);
 * - staff without a second factor are sent to set one up (403 ERROR_STAFF_SECOND_FACTOR_REQUIRED);
 * - staff whose full authentication is too old confirm it is them in the re-authentication dialog,
 *   which asks both factors (403 ERROR_REAUTHENTICATION_REQUIRED), and the console opens;
 * - staff get the console: its heading, who they are, the sections their role opens (dashboard,
 *   players, audit trail, partner sites, redirect allow-list, access keys, banned addresses, newsletter
 *   lists and cookie categories, reports; staff for admins) and the section's page, which gets the caller through the console's context (admin-context.ts).
 * The route rule (/admin and below: login and return) has already sent an anonymous visitor to log in.
 */
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, type AdminMeResponse, type StaffPermission } from '@guildgate/contracts';
import { useApi } from '../../shared/api/api-context.tsx';
import { isApiError } from '../../shared/api/api-error.ts';
import { useReauthentication } from '../../shared/reauth/use-reauthentication.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { ui } from '../../shared/ui/index.ts';
import { ADMIN_KEYS, AdminContextValue, can, type AdminContext } from './admin-context.ts';
import styles from './admin.module.css';

/** The refusals of GET admin/me the console explains, by code. */
const GATES = {
  ERROR_STAFF_ROLE_REQUIRED: 'staffOnly',
  ERROR_STAFF_SECOND_FACTOR_REQUIRED: 'secondFactor',
  ERROR_REAUTHENTICATION_REQUIRED: 'reauthenticate',
} as const;
type Gate = (typeof GATES)[keyof typeof GATES] | 'failed';

/** Which gate a failed GET admin/me shows. */
function gateOf(error: unknown): Gate {
  const code = isApiError(error) && error.status === 403 ? error.firstCode : null;
  return (code && GATES[code as keyof typeof GATES]) || 'failed';
}

/** The console's sections, in the side list's order, each with the permission that opens it. */
const SECTIONS: readonly { key: string; path: string; permission: StaffPermission }[] = [
  { key: 'dashboard', path: 'dashboard', permission: 'reports.read' },
  { key: 'players', path: 'players', permission: 'players.read' },
  { key: 'audit', path: 'audit', permission: 'audit.read' },
  { key: 'clients', path: 'clients', permission: 'platform.read' },
  { key: 'redirects', path: 'redirects', permission: 'platform.read' },
  { key: 'keys', path: 'access-keys', permission: 'platform.read' },
  { key: 'ipBans', path: 'ip-bans', permission: 'platform.read' },
  { key: 'lists', path: 'lists', permission: 'platform.read' },
  { key: 'reports', path: 'reports', permission: 'reports.read' },
  { key: 'staff', path: 'staff', permission: 'staff.manage' },
];

/** The console's side list: the sections the caller's role opens. */
function AdminNav({ me }: { me: AdminMeResponse }) {
  const { t } = useTranslation('admin');
  const links = SECTIONS.filter((section) => can(me, section.permission)).map((section) => ({
    to: `/admin/${section.path}`,
    label: t(`nav.${section.key}`),
  }));
  return (
    <nav aria-label={t('nav.label')} className={styles.nav}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Layout of /admin and its pages. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const reauth = useReauthentication(user?.Id_User ?? null);
  const [confirming, setConfirming] = useState(false);
  const me = useQuery({
    queryKey: ADMIN_KEYS.me,
    queryFn: () => api.call(ENDPOINTS.getAdminMe),
    retry: false,
  });
  const confirm = async () => {
    setConfirming(true);
    try {
      queryClient.setQueryData(ADMIN_KEYS.me, await reauth.guard(() => api.call(ENDPOINTS.getAdminMe)));
    } catch {
      // Cancelled or refused: the gate stays, with its button.
    } finally {
      setConfirming(false);
    }
  };

  let body;
  if (me.isPending) {
    body = <p role="status">{t('loading')}</p>;
  } else if (me.isError) {
    const gate = gateOf(me.error);
    body = (
      <div className={ui.stack}>
        <p>{t(`gate.${gate}`)}</p>
        {gate === 'staffOnly' ? <p>{t('gate.staffOnlyHelp')}</p> : null}
        {gate === 'secondFactor' ? (
          <>
            <p>{t('gate.secondFactorHelp')}</p>
            <p>
              <NavLink to="/account/security">{t('gate.secondFactorLink')}</NavLink>
            </p>
          </>
        ) : null}
        {gate === 'reauthenticate' ? (
          <>
            <p>{t('gate.reauthenticateHelp')}</p>
            <p>
              <button
                type="button"
                className={ui.button}
                disabled={confirming}
                onClick={() => void confirm()}
              >
                {t('gate.reauthenticateButton')}
              </button>
            </p>
          </>
        ) : null}
      </div>
    );
  } else {
    const context: AdminContext = { me: me.data, guard: reauth.guard };
    body = (
      <>
        <p className={styles.whoami}>
          {t('signedInAs', { username: me.data.Username, role: t(`roles.${me.data.Role}`) })}
        </p>
        <div className={styles.layout}>
          <AdminNav me={me.data} />
          <div className={styles.content}>
            <AdminContextValue value={context}>
              <Outlet />
            </AdminContextValue>
          </div>
        </div>
      </>
    );
  }
  return (
    <div className={styles.console}>
      <h1>{t('heading')}</h1>
      {body}
      {reauth.dialog}
    </div>
  );
}
