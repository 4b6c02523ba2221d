/**
 * Browser cookies used by the SPA (spec §4 Session, Logout; §9): the identity cookie `_g2g_identity_`
 * (30 days, SameSite=Strict, Secure on https, path /) and clearing the partner cookie on the main domain.
 */
import { LIMITS } from '@guildgate/contracts';
import { browserGlobals } from '../browser/browser-globals.ts';

/** Attributes of a cookie write. */
export interface CookieOptions {
  maxAgeSeconds?: number;
  path?: string;
  domain?: string | null;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
}

/** Builds a `document.cookie` assignment (pure, for tests and the writers below). */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads a cookie from a `document.cookie` string (pure). */
export function parseCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return part.slice(index + 1).trim();
    }
  }
  return null;
}

/**
 * The "main domain" of a host, for the partner cookie of spec §4 Logout: `.example.com` for
 * `account.example.com`; null for localhost, single labels and IP addresses.
 */
export function mainDomain(hostname: string): string | null {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.');
  return `.${labels.slice(-2).join('.')}`;
}

function isHttps(): boolean {
  return browserGlobals.location?.protocol === 'https:';
}

/** Reads a cookie of this page. */
export function getCookie(name: string): string | null {
  return parseCookie(document.cookie, name);
}

/** Removes a cookie (on this host, and on `domain` when given). */
export function removeCookie(name: string, domain?: string | null): void {
  document.cookie = serializeCookie(name, '', { maxAgeSeconds: 0, domain, secure: isHttps() });
}

/** Stores the identity handle `Created` (spec §4 Session, §9). */
export function setIdentityCookie(created: string): void {
  document.cookie = serializeCookie(LIMITS.identityCookieName, created, {
    maxAgeSeconds: LIMITS.identityCookieDays * 24 * 60 * 60,
    sameSite: 'Strict',
    secure: isHttps(),
  });
}

/** The identity handle, or null when not logged in (spec §4 Session). */
export function getIdentityCookie(): string | null {
  const value = getCookie(LIMITS.identityCookieName);
  return value ? value : null;
}

/** Removes the identity cookie silently (spec §4 Session, Logout). */
export function removeIdentityCookie(): void {
  removeCookie(LIMITS.identityCookieName);
}

/** Removes the partner cookie named by the logout answer, here and on the main domain (spec §4 Logout). */
export function removePartnerCookie(name: string): void {
  removeCookie(name);
  const domain = mainDomain(browserGlobals.location?.hostname ?? '');
  if (domain) removeCookie(name, domain);
}
