/**
 * The survey's store (spec §3 Survey answers; docs/survey.md; issue 20 §1): `survey_responses` (one row
 * of JSON answers per player) and `user_badges` (one row per player and badge). Functions take `db`, the
 * store or the caller's transaction. Timestamps are ISO 8601 UTC strings (lib/time.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The SteamID of the Steam account linked to `userId`, or undefined when none is linked. Reads the
 * linking module's `user_connections` and `connection_providers`, here until linking exports it.
 */
export async function findLinkedSteamId(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_connections as c')
    .innerJoin('connection_providers as p', 'p.id', 'c.provider_id')
    .select('c.account_id')
    .where('c.user_id', '=', userId)
    .where('p.canonical_name', '=', 'steam')
    .executeTakeFirst();
  return row?.account_id;
}

/** A submission to store: the player, the Steam account and username it was given for, answers JSON. */
export interface SurveyResponseValues {
  userId: number;
  steamId: string;
  username: string;
  /** JSON of the normalized answers (service.ts `StoredSurveyAnswers`). */
  answers: string;
  /** When it was submitted. */
  now: string;
}

/**
 * Stores a submission: the player's first inserts their row (`submitted_at` = `updated_at` = now), a
 * later one replaces Steam account, username and answers and sets `updated_at`.
 */
export async function upsertSurveyResponse(
  db: Kysely<Database>,
  values: SurveyResponseValues,
): Promise<void> {
  const { userId, steamId, username, answers, now } = values;
  await db
    .insertInto('survey_responses')
    .values({ user_id: userId, steam_id: steamId, username, answers, submitted_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ steam_id: steamId, username, answers, updated_at: now }),
    )
    .execute();
}

/**
 * Awards `badge` to player `userId` at `now` unless they hold it (of two simultaneous awards exactly one
 * inserts).
 * @returns true when this call awarded it
 */
export async function awardBadge(
  db: Kysely<Database>,
  userId: number,
  badge: string,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('user_badges')
    .values({ user_id: userId, badge, awarded_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'badge']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The badges of player `userId`: name and award time, oldest first (then by name). */
export function findBadges(
  db: Kysely<Database>,
  userId: number,
): Promise<{ badge: string; awarded_at: string }[]> {
  return db
    .selectFrom('user_badges')
    .select(['badge', 'awarded_at'])
    .where('user_id', '=', userId)
    .orderBy('awarded_at')
    .orderBy('badge')
    .execute();
}

/**
 * Deletes the survey answers and badges of player `userId` inside `trx` (the player-deletion
 * transaction; the rows would also go by cascade with the player's row).
 */
export async function deleteSurveyData(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('survey_responses').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_badges').where('user_id', '=', userId).execute();
}

/** Player `userId`'s survey answers row (issue 22 §8 export), or undefined. */
export function findSurveyResponse(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('survey_responses')
    .select(['steam_id', 'username', 'answers', 'submitted_at', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One player's response as the survey export reads it (issue 24 §3). */
export interface SurveyResponseRow {
  /** Internal users.id: where the next page starts. */
  user_id: number;
  id_user: string;
  steam_id: string;
  username: string;
  /** JSON of the normalized answers (service.ts `StoredSurveyAnswers`). */
  answers: string;
  submitted_at: string;
  updated_at: string;
}

/**
 * A page of the players' responses with their public Id_User, by internal player id ascending,
 * strictly after `afterUserId` when given; at most `limit` (keyset on the primary key of
 * `survey_responses`: a page costs the same at any depth).
 */
export function surveyResponsesPage(
  db: Kysely<Database>,
  query: { afterUserId?: number; limit: number },
): Promise<SurveyResponseRow[]> {
  let rows = db
    .selectFrom('survey_responses as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      'u.id_user',
      's.steam_id',
      's.username',
      's.answers',
      's.submitted_at',
      's.updated_at',
    ]);
  if (query.afterUserId !== undefined) rows = rows.where('s.user_id', '>', query.afterUserId);
  return rows.orderBy('s.user_id').limit(query.limit).execute();
}

/** How many players have answered the survey (one row each). */
export async function countSurveyResponses(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('survey_responses')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
