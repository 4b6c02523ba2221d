/**
 * Checks of `openid.return_to` and `openid.realm` for the Steam stand-in (OpenID 2.0 §9.1, §9.2), and the
 * redirect back to the relying party. Both must be absolute http(s) URLs of printable ASCII without user
 * info, backslash or fragment; the realm may start its host with a `*.` wildcard. A return URL matches a
 * realm (§9.2.1) when scheme and port are equal, the host is equal (or, with a wildcard, equal to or a
 * sub-domain of the host after `*.`), and the path is equal to or below the realm's path.
 */

/** A parsed realm: its URL (with the wildcard removed from the host) and whether it had one. */
export interface Realm {
  readonly url: URL;
  readonly wildcard: boolean;
}

/** Printable ASCII without space, backslash or `#`. */
const URL_CHARACTERS = /^[\x21-\x22\x24-\x5b\x5d-\x7e]+$/;

/** Parses an absolute http(s) URL of printable ASCII without user info or fragment, or gives `undefined`. */
function parseHttpUrl(value: string): URL | undefined {
  if (!URL_CHARACTERS.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  return url;
}

/**
 * Checks `openid.return_to`. @returns its URL, or `{ error }` (a sentence for the error page) when it is
 * missing or not an absolute http(s) URL of printable ASCII without user info or fragment.
 */
export function checkReturnTo(value: string | undefined): URL | { error: string } {
  if (value === undefined || value === '') return { error: 'openid.return_to is missing.' };
  const url = parseHttpUrl(value);
  if (url === undefined || url.hostname.includes('*')) {
    return { error: 'openid.return_to must be an absolute http(s) URL without user info or fragment.' };
  }
  return url;
}

/**
 * Checks `openid.realm`. @returns the realm, or `{ error }` when it is missing, not an absolute http(s)
 * URL of printable ASCII without user info or fragment, or has a `*` anywhere but as a leading `*.` label
 * of a host with at least two more labels (`http://*.example.com/`, never `http://*.com/`).
 */
export function checkRealm(value: string | undefined): Realm | { error: string } {
  if (value === undefined || value === '') return { error: 'openid.realm is missing.' };
  const url = parseHttpUrl(value);
  const invalid = { error: 'openid.realm must be an absolute http(s) URL without user info or fragment.' };
  if (url === undefined) return invalid;
  const wildcard = url.hostname.startsWith('*.');
  if (wildcard) url.hostname = url.hostname.slice(2);
  if (url.hostname.includes('*')) return invalid;
  if (wildcard && !/^[^.]+\.[^.]+/.test(url.hostname)) {
    return { error: 'openid.realm may only put a wildcard (*.) before a domain of two labels or more.' };
  }
  return { url, wildcard };
}

/** Whether `returnTo` matches `realm` (OpenID 2.0 §9.2.1, see the module comment). */
export function returnToMatchesRealm(returnTo: URL, realm: Realm): boolean {
  if (returnTo.protocol !== realm.url.protocol || returnTo.port !== realm.url.port) return false;
  const host = realm.url.hostname;
  const hostMatches =
    returnTo.hostname === host || (realm.wildcard && returnTo.hostname.endsWith(`.${host}`));
  if (!hostMatches) return false;
  const path = realm.url.pathname;
  if (returnTo.pathname === path) return true;
  return returnTo.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
}

/**
 * The URL of the indirect response (§5.2.1): `returnTo` exactly as received with `fields` appended to its
 * query (its own parameters kept as they are), form-urlencoded. `returnTo` must have passed
 * {@link checkReturnTo} (so it has no fragment).
 */
export function withOpenIdFields(returnTo: string, fields: Iterable<readonly [string, string]>): string {
  const query = new URLSearchParams(
    [...fields].map(([key, value]): [string, string] => [key, value]),
  ).toString();
  if (query === '') return returnTo;
  if (!returnTo.includes('?')) return `${returnTo}?${query}`;
  return returnTo.endsWith('?') || returnTo.endsWith('&') ? returnTo + query : `${returnTo}&${query}`;
}
