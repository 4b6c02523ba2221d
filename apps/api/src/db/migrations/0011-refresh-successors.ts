/**
 * Migration 0011 (DESIGN.md §5 refresh tokens; docs/security.md "Refresh tokens"): `refresh_tokens.
 * successor_sealed`, the refresh token that replaced a used one, sealed (AES-256-GCM) under a key derived
 * from the used token itself (lib/crypto.ts `sealWithSecret`), so that a second tab presenting the same
 * token within the reuse grace interval gets the same successor, and nobody without the used token can
 * read it from the store. Portable DDL (SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';

/** Adds `refresh_tokens.successor_sealed`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
}
