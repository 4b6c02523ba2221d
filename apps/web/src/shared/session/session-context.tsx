/**
 * React access to the session store (spec §3 Client state; §4 Session).
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionState, SessionStore } from './session-store.ts';

const SessionContext = createContext<SessionStore | null>(null);

/** Provides the session store created at bootstrap. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext value={store}>{children}</SessionContext>;
}

/** The session store, for its actions (establish, clear, bearer). */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSessionStore must be used inside SessionProvider');
  return store;
}

/** The current session state, re-rendering on change (spec §4 Session). */
export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
