/**
 * The player's saved language in answers (issue 19 §7; lib/locale.ts has the rules that need no store):
 * reference data answers in the request's `Accept-Language`, else the player's saved locale
 * (`users.locale`, migration 0016), else English.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, type Locale } from '@guildgate/contracts';
import type { Database } from '../../db/schema.ts';
import { requestLocale, savedLocale } from '../../lib/locale.ts';
import { findUserById } from './store.ts';

/** The saved locale of player `userId` (internal users.id); null when none or no such player. */
export async function savedLocaleOf(db: Kysely<Database>, userId: number): Promise<Locale | null> {
  return savedLocale((await findUserById(db, userId))?.locale);
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
