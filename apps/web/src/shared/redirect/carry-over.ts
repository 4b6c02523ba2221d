/**
 * Carry-over of the SSO query between pages (spec §9 "Local storage keys hold the redirect and state
 * carry-over between pages"; spec §2 common query parameters redirectUrl and client_id).
 * Stored values are untrusted: they are checked against the allow-list when used.
 */
import { browserGlobals } from '../browser/browser-globals.ts';

const KEYS = {
  redirectUrl: 'guildgate.redirectUrl',
  clientId: 'guildgate.clientId',
  /** The validated access key (spec §2 /register with access keys; set by the AccessKey page). */
  accessKey: 'guildgate.accessKey',
} as const;

type CarryKey = keyof typeof KEYS;

function storage(): Storage | null {
  try {
    return browserGlobals.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Reads a carried value. */
export function readCarried(key: CarryKey): string | null {
  return storage()?.getItem(KEYS[key]) ?? null;
}

/** Carries `value` to later pages (the AccessKey page's validated key). */
export function carry(key: CarryKey, value: string): void {
  storage()?.setItem(KEYS[key], value);
}

/** Forgets a carried value (after it was used). */
export function forgetCarried(key: CarryKey): void {
  storage()?.removeItem(KEYS[key]);
}

/** Remembers redirectUrl and client_id when the page query carries them. */
export function rememberQuery(search: URLSearchParams): void {
  const redirectUrl = search.get('redirectUrl');
  const clientId = search.get('client_id');
  if (redirectUrl) storage()?.setItem(KEYS.redirectUrl, redirectUrl.slice(0, 2048));
  if (clientId) storage()?.setItem(KEYS.clientId, clientId.slice(0, 256));
}

/** The redirect wanted by this page: the query's redirectUrl, else the carried one. */
export function wantedRedirect(search: URLSearchParams): string | null {
  return search.get('redirectUrl') || readCarried('redirectUrl');
}

/** The OAuth client id: the query's client_id, else the carried one, else the configured one. */
export function wantedClientId(search: URLSearchParams, configured: string): string {
  return search.get('client_id') || readCarried('clientId') || configured;
}
