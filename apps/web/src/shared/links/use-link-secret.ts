/**
 * Secrets of e-mailed links (DESIGN.md §5: "their pages strip the token from the URL"): the page reads
 * the secret once when it opens, then removes it from the address bar before any call, so it stays out
 * of history, bookmarks and screenshots. Used by the confirm, verify, e-mail update and unsubscribe pages.
 */
import { useLayoutEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Removes `param` from the address bar at once, keeping the router's history state. */
export function stripQueryParameter(param: string): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(param)) return;
  url.searchParams.delete(param);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The value of query parameter `param` as the page opened (null when absent or empty); the parameter
 * leaves the address bar before the first paint.
 */
export function useLinkSecret(param: string): string | null {
  const [search] = useSearchParams();
  const [secret] = useState(() => search.get(param) || null);
  useLayoutEffect(() => stripQueryParameter(param), [param]);
  return secret;
}
