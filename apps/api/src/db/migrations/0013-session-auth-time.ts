/**
 * Migration 0013 (DESIGN.md §5 "sensitive changes need a recent proof of the password (`auth_time`)";
 * docs/security.md "Re-authentication"): `sessions.auth_time`, when the session's player last proved
 * their password (ISO 8601 UTC; OpenID Connect Core §2 `auth_time`): at log-in, at POST
 * password/validate/user/{id}, or with the Old password of a change. Null for the sessions opened before
 * (their next sensitive change asks for the password) and for partner clients' sessions. Portable DDL.
 */
import type { Kysely } from 'kysely';

/** Adds `sessions.auth_time`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('auth_time', 'text').execute();
}
