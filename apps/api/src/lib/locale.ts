/**
 * The language of an answer or an e-mail (issue 19 §7 "French, completely"; contracts `locale.ts`;
 * docs/architecture.md "Languages"). The SPA sends its current language as `Accept-Language`; a player
 * has a saved locale (`users.locale`, migration 0016) from registration and the footer's switcher.
 *
 * - Reference data (cookie categories, newsletter lists, deletion types) answers in the request's
 *   language, else the player's saved locale, else English (modules/accounts `playerAnswerLocale`).
 * - E-mails use the player's saved locale, else the request's language at the time the mail is
 *   queued, else English ({@link mailLocale}).
 *
 * `Accept-Language` is negotiated with `@fastify/accepts` (the `accepts`/`negotiator` libraries of
 * Express and Koa): quality values, `*`, and region tags (`fr-CA` → `fr`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@guildgate/contracts';

/**
 * The best of {@link LOCALES} for the request's `Accept-Language`; null when the header is absent or
 * names none of them (e.g. `de` alone). Never throws, whatever the header holds.
 */
export function requestLocale(request: FastifyRequest): Locale | null {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || header.trim() === '') return null;
  const best = request.languages([...LOCALES]);
  return isLocale(best) ? best : null;
}

/** A stored `users.locale` value as a locale; null for null or anything unknown. */
export function savedLocale(value: string | null | undefined): Locale | null {
  return isLocale(value) ? value : null;
}

/** The language of an e-mail: the player's saved locale, else the request's, else English. */
export function mailLocale(saved: string | null | undefined, requested: Locale | null): Locale {
  return savedLocale(saved) ?? requested ?? DEFAULT_LOCALE;
}

/**
 * Marks an answer that depends on the request's language: adds `Accept-Language` to its `Vary` header,
 * keeping what is there (CORS's `Origin`), so that caches keep one copy per language.
 */
export function varyOnLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-language')) return;
  void reply.header('vary', [...names, 'Accept-Language'].join(', '));
}
