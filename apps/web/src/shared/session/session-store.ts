/**
 * Client session state and transitions (spec §3 Client state; §4 Session, Logout). Holds the token, the
 * user and the connections; restores them from the `_g2g_identity_` cookie on start; establishes them
 * after a log-in; clears them silently when the token is refused.
 */
import { ENDPOINTS, type Connection, type Token, type User } from '@guildgate/contracts';
import type { ApiClient } from '../api/api-client.ts';
import { getIdentityCookie, removeIdentityCookie, setIdentityCookie } from '../cookies/cookies.ts';
import { decideSession, renewalTime } from './session-decision.ts';

/** 'loading' while the cookie is being exchanged; then 'anonymous' or 'authenticated'. */
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

/** spec §3 Client state (the session part). */
export interface SessionState {
  status: SessionStatus;
  token: Token | null;
  user: User | null;
  connections: Connection[];
  /** True while a log-in is being turned into a session (the login form stays on screen). */
  establishing: boolean;
}

/** The session store used through React (see session-context.tsx). */
export interface SessionStore {
  /** The current state; a function property, as React's useSyncExternalStore calls it detached. */
  getState: () => SessionState;
  /** Calls `listener` on every change until the returned function is called; detached like getState. */
  subscribe: (listener: () => void) => () => void;
  /** App start: read the cookie and load the session (spec §4 Session). */
  restore(): Promise<boolean>;
  /** After a log-in: store `Created` and load the session; false when it was refused (spec §4). */
  establish(created: string): Promise<boolean>;
  /** Clear cookie and state (spec §4 Session failures, Logout). */
  clear(): void;
  /**
   * The player's access token, renewed when it is about to expire; null when anonymous. Waits for the
   * cookie's exchange when one is under way (restore, establish), so no call goes out anonymous then.
   */
  bearer(): Promise<string | null>;
  /**
   * Reloads the user and connections of the current session in place, without a loading phase, so the
   * page that asks stays mounted (spec §4 Linking a provider: "link completes and the user is
   * refreshed"). Rejects when the profile cannot be loaded; does nothing when anonymous.
   */
  refreshProfile(): Promise<void>;
}

/** Dependencies of the store (injectable for tests). */
export interface SessionStoreDependencies {
  api: () => ApiClient;
  now?: () => number;
}

const ANONYMOUS: SessionState = {
  status: 'anonymous',
  token: null,
  user: null,
  connections: [],
  establishing: false,
};

/** Creates the session store (spec §4 Session). */
export function createSessionStore({ api, now = Date.now }: SessionStoreDependencies): SessionStore {
  let state: SessionState = getIdentityCookie() ? { ...ANONYMOUS, status: 'loading' } : ANONYMOUS;
  let renewAt = 0;
  let renewing: Promise<Token | null> | null = null;
  let generation = 0;
  /** The last exchange of the cookie (restore, establish), which {@link SessionStore.bearer} waits for. */
  let loading: Promise<boolean> | undefined;
  const listeners = new Set<() => void>();

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function clear() {
    generation += 1;
    removeIdentityCookie();
    renewAt = 0;
    set(ANONYMOUS);
  }

  async function fetchToken(identity: string): Promise<Token | null> {
    try {
      const token = await api().call(ENDPOINTS.getTokenIdentity, {
        params: { identity },
        anonymous: true,
        cache: 'no-store',
      });
      if (decideSession(token, now()) === 'clear') return null;
      renewAt = renewalTime(token, now());
      return token;
    } catch {
      // spec §4: "Token failures clear the session silently."
      return null;
    }
  }

  /** The player's profile (with blocks) and connections; connections failing leaves them empty. */
  async function loadProfile(token: Token): Promise<{ user: User; connections: Connection[] }> {
    const [user, connections] = await Promise.all([
      api().call(ENDPOINTS.getProfileUser, {
        params: { id: token.Id_User },
        query: { include: 'Block' },
      }),
      api()
        .call(ENDPOINTS.getProfileConnects)
        .catch((error: unknown) => {
          console.warn('Connections could not be loaded', error);
          return [] as Connection[];
        }),
    ]);
    return { user, connections };
  }

  /** Loads the session of `identity`, as the exchange that {@link SessionStore.bearer} waits for. */
  function load(identity: string, establishing: boolean): Promise<boolean> {
    return (loading = loadSession(identity, establishing));
  }

  async function loadSession(identity: string, establishing: boolean): Promise<boolean> {
    const mine = ++generation;
    set({ ...state, status: 'loading', establishing });
    const token = await fetchToken(identity);
    if (mine !== generation) return false;
    if (!token) {
      clear();
      return false;
    }
    set({ ...state, token });
    try {
      const { user, connections } = await loadProfile(token);
      if (mine !== generation) return false;
      set({ status: 'authenticated', token, user, connections, establishing: false });
      return true;
    } catch (error) {
      console.error('The player profile could not be loaded; the session is cleared', error);
      if (mine === generation) clear();
      return false;
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore() {
      const identity = getIdentityCookie();
      if (!identity) {
        set(ANONYMOUS);
        return Promise.resolve(false);
      }
      return load(identity, false);
    },
    establish(created) {
      setIdentityCookie(created);
      return load(created, true);
    },
    clear,
    async refreshProfile() {
      const token = state.token;
      if (state.status !== 'authenticated' || !token) return;
      const mine = generation;
      const profile = await loadProfile(token);
      if (mine === generation) set({ ...state, ...profile });
    },
    async bearer() {
      // A call made while the cookie is being exchanged (a page's first call right after start, e.g.
      // /oauth's GET oauth) waits for the token rather than go out as an anonymous visitor's.
      if (!state.token) await loading;
      const token = state.token;
      if (!token) return null;
      if (now() < renewAt) return token.Value;
      const identity = getIdentityCookie();
      if (!identity) {
        clear();
        return null;
      }
      renewing ??= fetchToken(identity).finally(() => {
        renewing = null;
      });
      const fresh = await renewing;
      if (!fresh) {
        clear();
        return null;
      }
      if (state.token) set({ ...state, token: fresh });
      return fresh.Value;
    },
  };
}
