/**
 * The language of an answer or an e-mail (issue 19 §7 "French, completely"; contracts `locale.ts`;
 * docs/architecture.md "Languages"). The SPA sends its current language as `Accept-Language`; a player
 * has a saved locale (`users.locale`, migration 0016) from registration and the footer's switcher.
 *
 * - Reference data (cookie categories, newsletter lists, deletion types) answers in the request's
 *   language, else the player's saved locale, else English ({@link playerAnswerLocale}).
 * - E-mails use the player's saved locale, else the request's language at the time the mail is
 *   queued, else English ({@link mailLocale}).
 *
 * `Accept-Language` is negotiated with `@fastify/accepts` (the `accepts`/`negotiator` libraries of
 * Express and Koa): quality values, `*`, and region tags (`fr-CA` → `fr`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '@guildgate/contracts';
import type { Database } from '../db/schema.ts';
import { storedLocaleOf } from './locale-store.ts';

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

/** The saved locale of player `userId` (internal users.id); null when none or no such player. */
export async function savedLocaleOf(db: Kysely<Database>, userId: number): Promise<Locale | null> {
  return savedLocale(await storedLocaleOf(db, userId));
}

/**
 * The language of an answer: the request's `Accept-Language` when it names one of ours (the store is
 * not read then), else the saved locale of player `userId` (internal users.id; null for an anonymous
 * caller), else English.
 */
export async function playerAnswerLocale(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: number | null,
): Promise<Locale> {
  const requested = requestLocale(request);
  if (requested) return requested;
  return (userId === null ? null : await savedLocaleOf(db, userId)) ?? DEFAULT_LOCALE;
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
