/**
 * The route guard (DESIGN.md §6 "Route guards implement every rule of the spec's route table"). One
 * layout route applies `decideRoute` (route-rules.ts, pure and unit-tested) on every navigation:
 * render, wait for the session restore, redirect, send a logged-in player on (spec §4 Session), or
 * leave for the partner's sign-on (spec §2 /login and /register in CREATIVE-ASSEMBLY and FOCUS).
 */
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAppConfiguration } from '../shared/config/config-context.tsx';
import { useSession } from '../shared/session/session-context.tsx';
import { readCarried, wantedRedirect } from '../shared/redirect/carry-over.ts';
import { useFollowRedirect } from '../shared/redirect/use-redirect.ts';
import type { SessionState } from '../shared/session/session-store.ts';
import { PartnerRedirect } from './partner-redirect.tsx';
import { decideRoute, type SessionKnowledge } from './route-rules.ts';

/** The guard's view of the session store. */
export function sessionKnowledge(session: SessionState): SessionKnowledge {
  if (session.status === 'authenticated' && session.user) return 'authenticated';
  if (session.status === 'anonymous') return 'anonymous';
  return session.establishing ? 'establishing' : 'unknown';
}

/** A logged-in player on Home, Login or Register: the permitted redirect, else /account (spec §4). */
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

/** Applies the route table's rules to the current location (spec §2). */
export function RouteRules() {
  const { config } = useAppConfiguration();
  const session = useSession();
  const location = useLocation();
  const [query] = useSearchParams();
  const decision = decideRoute(location.pathname, {
    environment: config.environmentName,
    features: config.features,
    session: sessionKnowledge(session),
    query,
    hasAccessKey: Boolean(readCarried('accessKey')),
  });
  switch (decision.action) {
    case 'render':
      return <Outlet />;
    case 'wait':
      return null;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'after-login':
      return <PostLoginRedirect />;
    case 'partner-login':
    case 'partner-register':
      return <PartnerRedirect key={decision.action} kind={decision.action} />;
  }
}
