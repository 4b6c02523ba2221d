/**
 * Choosing where to send the player after log-in, confirmation or log-out (spec §1 Single sign-on;
 * §4 Session "redirected to a permitted external redirect address"; DESIGN.md §5 allow-list).
 * External targets must pass `isRedirectAllowed`; an internal return path (e.g. "/account") is
 * followed inside the SPA.
 */
import { isRedirectAllowed } from '@guildgate/contracts';

/** Where to go: a permitted external address, a path of this SPA, or nothing (use the default). */
export type RedirectTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/** True for a same-origin path such as "/account/newsletter?x=1" (never "//host" or "/\\host"). */
export function isInternalPath(value: string): boolean {
  // \s covers the controls that matter to URL parsers (tab, new lines); refuse the rest too: a UTF-16
  // code unit outside printable ASCII (\x20-\x7e) and non-ASCII (\x80-\uffff) is a C0 control or DEL.
  return /^\/(?![/\\])[^\s\\]*$/.test(value) && !/[^\x20-\x7e\x80-\uffff]/.test(value);
}

/** The absolute http(s) address of `value`, for calls that carry RedirectUrl to the API; else null. */
export function externalRedirectUrl(value: string | null | undefined): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

/**
 * The first candidate that may be followed.
 * @param candidates in order of preference (e.g. the query's redirectUrl, then the stored one)
 * @param patterns the allow-list from GET redirect/allowed-redirect-domains
 */
export function chooseRedirect(
  candidates: readonly (string | null | undefined)[],
  patterns: readonly string[],
): RedirectTarget | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    if (isInternalPath(candidate)) return { kind: 'internal', path: candidate };
    if (isRedirectAllowed(candidate, patterns)) return { kind: 'external', url: candidate };
  }
  return null;
}
