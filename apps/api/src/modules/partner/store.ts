/**
 * The store of partner sign-ons (`partner_sign_ons`, migration 0008; spec §1 single sign-on, §4 partner
 * registration flow). One row is three single-use tokens in turn, sharing its `expires_at`: the sign-on
 * `state` (used when the partner's answer comes back, `callback_at`), the same state again for a new
 * player's registration (`registered_at`), and the log-in ticket that registration issues
 * (`ticket_hash`, `ticket_used_at`). Every function takes `db`, which may be the caller's transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SingleUseTokenKind } from '../single-use-tokens/index.ts';

/** A sign-on's `state`, used once by the partner's answer (callback calls). */
export const SIGN_ON_STATE_KIND: SingleUseTokenKind<'partner_sign_ons'> = {
  table: 'partner_sign_ons',
  hashColumn: 'state_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'callback_at',
};

/** A sign-on's `state` again, used once by the new player's registration (POST partner/user/register). */
export const SIGN_ON_REGISTRATION_KIND: SingleUseTokenKind<'partner_sign_ons'> = {
  table: 'partner_sign_ons',
  hashColumn: 'state_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'registered_at',
};

/** The log-in ticket a registration answers, used once (GET partner/user/{created}/log-in). */
export const SIGN_ON_TICKET_KIND: SingleUseTokenKind<'partner_sign_ons'> = {
  table: 'partner_sign_ons',
  hashColumn: 'ticket_hash',
  expiresColumn: 'expires_at',
  usedColumn: 'ticket_used_at',
};

// ---- partner_sign_ons --------------------------------------------------------------------------

/** Deletes the sign-ons that expired before `now` (housekeeping). */
export async function deleteExpiredSignOns(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('partner_sign_ons').where('expires_at', '<', now).execute();
}

/**
 * Keeps the verified `identityJson` of a new player on sign-on `stateHash` until `expiresAt` (ISO 8601),
 * for the registration.
 */
export async function keepIdentityForRegistration(
  db: Kysely<Database>,
  stateHash: string,
  identityJson: string,
  expiresAt: string,
): Promise<void> {
  await db
    .updateTable('partner_sign_ons')
    .set({ identity_json: identityJson, expires_at: expiresAt })
    .where('state_hash', '=', stateHash)
    .execute();
}
