/**
 * The account area (spec §2 route /account "Information (parent layout for the account area)"): the
 * dashboard, the side list and the sub-page. The route-rules guard (app/route-rules.ts) admits only a
 * logged-in player.
 */
import { Outlet } from 'react-router';
import { useSession } from '../../shared/session/session-context.tsx';
import { AccountDashboard } from './account-dashboard.tsx';
import { AccountNav } from './account-nav.tsx';
import styles from './account.module.css';

/** Layout of /account and its sub-pages. */
export function AccountLayout() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <AccountDashboard user={user} />
      <div className={styles.layout}>
        <AccountNav />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </>
  );
}
