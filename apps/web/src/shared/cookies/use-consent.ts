/**
 * The browser side of cookie consent (spec §4 Cookie consent, §7 cookie calls), shared by the
 * consent manager and the Cookies page: write the consent cookies and announce the change
 * ({@link CONSENT_CHANGED_EVENT}, which the tag manager listens to), read them as React state, and
 * store a logged-in player's choice on the server (accept-all / set-cookie, then POST
 * profile/user/{id}/see-cookie-popup once). The decisions themselves are in consent.ts.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { ENDPOINTS, type CookieCategory, type User } from '@guildgate/contracts';
import type { ApiClient } from '../api/api-client.ts';
import {
  CONSENT_CHANGED_EVENT,
  consentCookieAssignments,
  readConsent,
  type ConsentChange,
  type ConsentValues,
  type ConsentWrite,
} from './consent.ts';

/** Query keys of the category lists (GET cookie; GET cookie/user/{id}), for TanStack Query. */
export const COOKIE_QUERY_KEYS = {
  all: ['cookie'] as const,
  anonymous: ['cookie', 'anonymous'] as const,
  user: (idUser: string) => ['cookie', 'user', idUser] as const,
};

/**
 * Writes the three consent cookies for `values` (365 days; Secure on https) and dispatches
 * {@link CONSENT_CHANGED_EVENT} on `window` with the cookie header before and after.
 */
export function writeConsent(values: ConsentValues): void {
  const before = document.cookie;
  for (const assignment of consentCookieAssignments(values, location.protocol === 'https:')) {
    document.cookie = assignment;
  }
  const detail: ConsentChange = { before, after: document.cookie };
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT, { detail }));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(CONSENT_CHANGED_EVENT, listener);
  return () => window.removeEventListener(CONSENT_CHANGED_EVENT, listener);
}

/** The consent cookies as one comparable string ('' when no choice was made). */
function snapshot(): string {
  const consent = readConsent(document.cookie);
  return consent ? `${consent.analytics ? 1 : 0}${consent.marketing ? 1 : 0}` : '';
}

/** The current choice (null: none yet, the banner shows), re-rendering after every {@link writeConsent}. */
export function useConsent(): ConsentValues | null {
  const key = useSyncExternalStore(subscribe, snapshot, () => '');
  return useMemo(() => (key === '' ? null : { analytics: key[0] === '1', marketing: key[1] === '1' }), [key]);
}

/** GET cookie (anonymous list) or GET cookie/user/{id} (the player's choices). */
export function fetchCookieCategories(api: ApiClient, idUser: string | null): Promise<CookieCategory[]> {
  return idUser
    ? api.call(ENDPOINTS.getCookieUser, {
        params: { id: idUser },
        cache: 'no-store',
      })
    : api.call(ENDPOINTS.getCookie);
}

/** Sends `writes` for the player `idUser`, one after the other (spec §7 accept-all, set-cookie). */
export async function sendConsentWrites(api: ApiClient, idUser: string, writes: readonly ConsentWrite[]) {
  for (const write of writes) {
    if (write.call === 'accept-all')
      await api.call(ENDPOINTS.postCookieUserAcceptAll, { params: { id: idUser }, body: write.body });
    else await api.call(ENDPOINTS.postCookieUserSetCookie, { params: { id: idUser }, body: write.body });
  }
}

/** Players whose server record this page load has already taken care of (see {@link claimConsentSync}). */
const claimedPlayers = new Set<string>();
/** Players for whom POST see-cookie-popup has been sent during this page load. */
const popupRecorded = new Set<string>();

/**
 * Claims the automatic server sync (restore or upload) of `idUser` for this page load: true the
 * first time, false afterwards, so a choice, the Cookies page and the manager never sync twice.
 */
export function claimConsentSync(idUser: string): boolean {
  if (claimedPlayers.has(idUser)) return false;
  claimedPlayers.add(idUser);
  return true;
}

/**
 * POST profile/user/{id}/see-cookie-popup once per player and page load, unless the player's record
 * already says so (spec §4 "'popup seen' is recorded"). A failure is thrown and allows a retry.
 */
export async function recordPopupSeen(
  api: ApiClient,
  user: Pick<User, 'Id_User' | 'IsCookiePopupSeen'>,
): Promise<void> {
  if (user.IsCookiePopupSeen || popupRecorded.has(user.Id_User)) return;
  popupRecorded.add(user.Id_User);
  try {
    await api.call(ENDPOINTS.postProfileUserSeeCookiePopup, { params: { id: user.Id_User } });
  } catch (error) {
    popupRecorded.delete(user.Id_User);
    throw error;
  }
}

/**
 * A callback that stores a logged-in player's choice on the server: the `writes`, then 'popup
 * seen'. Failures are logged, not shown: the cookies hold the choice in this browser, and the next
 * page load sends it again (consentSyncAction 'upload') while the record says the banner was never seen.
 */
export function useStoreConsent(api: ApiClient) {
  return useCallback(
    async (user: Pick<User, 'Id_User' | 'IsCookiePopupSeen'>, writes: readonly ConsentWrite[]) => {
      claimConsentSync(user.Id_User);
      try {
        await sendConsentWrites(api, user.Id_User, writes);
        await recordPopupSeen(api, user);
      } catch (error) {
        console.warn('The cookie choice could not be stored on the server', error);
      }
    },
    [api],
  );
}
