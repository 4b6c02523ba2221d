/**
 * Route guards (DESIGN.md §6 "Route guards implement every rule of the spec's route table"):
 * - RequireLogin: account pages need login (spec §2 Account dashboard, §6 Logged-in user);
 * - AnonymousOnly: a logged-in player on Home/Login/Register goes to the permitted redirect or the
 *   account area (spec §4 Session "Then the user is redirected…");
 * - EnvironmentGate: pages that exist only in some environments (spec §2 route table).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAppConfiguration } from '../shared/config/config-context.tsx';
import { useSession } from '../shared/session/session-context.tsx';
import { wantedRedirect } from '../shared/redirect/carry-over.ts';
import { useFollowRedirect } from '../shared/redirect/use-redirect.ts';
import type { Behaviour } from '../environments/index.ts';

/**
 * Renders the account pages only for a logged-in player. Anonymous players go Home, or to Login with
 * a return path when `returnToLogin` (spec §2: "goes Home (or to login with a return path)").
 */
export function RequireLogin({ returnToLogin = false }: { returnToLogin?: boolean }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return null;
  if (session.status === 'anonymous' || !session.user) {
    if (!returnToLogin) return <Navigate to="/" replace />;
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?${new URLSearchParams({ redirectUrl: back })}`} replace />;
  }
  return <Outlet />;
}

function PostLoginRedirect() {
  const [search] = useSearchParams();
  const follow = useFollowRedirect();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void follow([wantedRedirect(search)], '/account');
  }, [follow, search]);
  return null;
}

/** Pages for anonymous players (Home, Login, Register); a logged-in player is sent on (spec §4). */
export function AnonymousOnly() {
  const session = useSession();
  if (session.status === 'loading' && !session.establishing) return null;
  if (session.status === 'authenticated') return <PostLoginRedirect />;
  return <Outlet />;
}

/**
 * Renders `children` only when the environment's behaviour allows it, else goes Home
 * (spec §2: "/register/validate — Only in TWO-POINT-STUDIOS, otherwise Home").
 */
export function EnvironmentGate({
  when,
  children,
}: {
  when: (b: Behaviour) => boolean;
  children: ReactNode;
}) {
  const { behaviour } = useAppConfiguration();
  return when(behaviour) ? children : <Navigate to="/" replace />;
}
