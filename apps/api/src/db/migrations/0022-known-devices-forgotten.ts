/**
 * Migration 0022 (issue 22 §6 security alerts; docs/security.md "Security alerts"):
 * `users.devices_forgotten_at`, when the player last forgot their known devices ("This wasn't me",
 * POST account/secure), ISO 8601 UTC, or null. A known-device cookie (session/device-cookies.ts) signed
 * before it no longer makes its browser a known device: the log-in throttle holds it off like any
 * other, and its next log-in is announced as a new device. Portable DDL.
 */
import type { Kysely } from 'kysely';

/** Adds `users.devices_forgotten_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('devices_forgotten_at', 'text').execute();
}
