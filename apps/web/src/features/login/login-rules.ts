/**
 * Pure rules of the login views (spec §2 Login; §8 USERNAME_EMPTY, PASSWORD_EMPTY; §1 Single sign-on):
 * the browser's required-field checks, and which partner site a log-in leads back to, so the page can
 * say it in words.
 */
import { isRedirectAllowed } from '@guildgate/contracts';
import { isInternalPath } from '../../shared/redirect/redirect-choice.ts';

/** spec §8 USERNAME_EMPTY, checked before anything is sent (react-hook-form `validate`). */
export function requiredIdentifier(value: string): true | string {
  return value.trim() ? true : 'ERROR_USERNAME_EMPTY';
}

/** spec §8 PASSWORD_EMPTY, checked before anything is sent (react-hook-form `validate`). */
export function requiredPassword(value: string): true | string {
  return value ? true : 'ERROR_PASSWORD_EMPTY';
}

/** The origin used to read internal paths; never followed. */
const BASE = 'https://portal.invalid';

/**
 * The partner site a log-in will return to, as a host to show the player ("partner.example.com"), or
 * null when the log-in stays on the portal.
 * - An absolute `redirect` is a partner site when it passes the allow-list (spec §1).
 * - An internal `/oauth?…` path is the hub's authorisation request of a partner client (GET oauth sends
 *   a visitor to /login?redirectUrl=/oauth?…): its `redirect_uri`, when it passes the allow-list.
 * Addresses on the portal's own origin are not a partner site.
 * @param redirect the page's redirectUrl (query, else carried)
 * @param patterns the allow-list (GET redirect/allowed-redirect-domains)
 * @param ownOrigin the portal's origin (location.origin)
 */
export function partnerSiteOf(
  redirect: string | null | undefined,
  patterns: readonly string[],
  ownOrigin: string,
): string | null {
  if (!redirect) return null;
  let target: string | null = redirect;
  if (isInternalPath(redirect)) {
    const path = new URL(redirect, BASE);
    target = path.pathname === '/oauth' ? path.searchParams.get('redirect_uri') : null;
  }
  if (!target || !isRedirectAllowed(target, patterns)) return null;
  const url = new URL(target);
  return url.origin === ownOrigin ? null : url.host;
}
