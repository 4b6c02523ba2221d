/**
 * Passkeys in the account (issue 22 §3; docs/security.md "Passkeys"): list, add (options, then the
 * browser's answer), rename and remove. Asking the options to add one and removing one need a recent
 * re-authentication: the caller checks it (the session module's `requireRecentAuthentication`, passed
 * to routes.ts) before calling these. Adding the player's first second factor also gives them the ten
 * recovery codes (shown once); removing the last one deletes them. Adding and removing are audited
 * (`second_factor.added` / `second_factor.removed`, kind `passkey`) and told to the player by e-mail
 * (modules/security-alerts). Every call answers 404 ERROR_NOT_FOUND while the `passkeys` flag is off.
 */
import type { Passkey, PasskeyRegisteredResponse, PasskeysResponse } from '@guildgate/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../../context.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { findUserById } from '../accounts/index.ts';
import { alert, newRecoveryCodes, type Caller, type Origin } from './enrolment.ts';
import { hasAnyFactorStored, requirePasskeys } from './factors.ts';
import {
  countPasskeys,
  deletePasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  type PasskeyRow,
} from './passkey-store.ts';
import { deleteSecondFactorsOf } from './store.ts';
import { registrationOptions, verifyRegistration, type OptionsJson } from './webauthn.ts';

/** How many passkeys a player may have. */
export const MAX_PASSKEYS = 10;

/** A passkey as the account lists it (never its key). */
function passkeyOf(row: PasskeyRow): Passkey {
  return {
    Id: row.id,
    Name: row.name,
    CreatedAt: row.created_at,
    LastUsedAt: row.last_used_at,
    Synced: Boolean(row.backed_up),
  };
}

/** A passkey's name, trimmed. @throws 400 ERROR_PASSKEY_NAME_EMPTY for a blank one */
function nameOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('ERROR_PASSKEY_NAME_EMPTY', 'Name');
  return trimmed;
}

/** GET account/passkeys. */
export async function listAccountPasskeys(ctx: AppContext, caller: Caller): Promise<PasskeysResponse> {
  requirePasskeys(ctx);
  return { Passkeys: (await listPasskeys(ctx.db, caller.userId)).map(passkeyOf) };
}

/**
 * POST account/passkeys/registration-options.
 * @throws 400 ERROR_PASSKEY_LIMIT at {@link MAX_PASSKEYS}
 */
export async function startPasskeyRegistration(ctx: AppContext, caller: Caller): Promise<OptionsJson> {
  requirePasskeys(ctx);
  if ((await countPasskeys(ctx.db, caller.userId)) >= MAX_PASSKEYS) throw badRequest('ERROR_PASSKEY_LIMIT');
  const player = await findUserById(ctx.db, caller.userId);
  if (!player) throw notFound();
  return registrationOptions(ctx, player);
}

/**
 * POST account/passkeys: verifies the answer and stores the passkey, in one transaction with its audit
 * event, its alert and — for the first factor — new recovery codes.
 * @throws 400 ERROR_PASSKEY_NAME_EMPTY, ERROR_PASSKEY_INVALID, ERROR_PASSKEY_LIMIT
 */
export async function registerPasskey(
  ctx: AppContext,
  caller: Caller,
  name: string,
  response: RegistrationResponseJSON,
  origin: Origin,
): Promise<PasskeyRegisteredResponse> {
  requirePasskeys(ctx);
  const trimmed = nameOf(name);
  const credential = await verifyRegistration(ctx, caller.userId, response);
  const now = isoNow();
  const answer = await ctx.db.transaction().execute(async (trx) => {
    if ((await countPasskeys(trx, caller.userId)) >= MAX_PASSKEYS) throw badRequest('ERROR_PASSKEY_LIMIT');
    const first = !(await hasAnyFactorStored(trx, caller.userId));
    const row = {
      id: randomToken(12),
      user_id: caller.userId,
      credential_id: credential.credentialId,
      public_key: credential.publicKey,
      sign_count: credential.counter,
      transports: JSON.stringify(credential.transports),
      name: trimmed,
      backed_up: credential.backedUp ? 1 : 0,
      created_at: now,
    };
    await insertPasskey(trx, row);
    await audit({ db: trx }, caller.userId, 'second_factor.added', origin.ip, { kind: 'passkey' });
    await alert(ctx, trx, caller.userId, 'second-factor-added', origin);
    const passkey = passkeyOf({ ...row, last_used_at: null });
    if (!first) return { Passkey: passkey };
    return { Passkey: passkey, ...(await newRecoveryCodes(trx, caller.userId, now)) };
  });
  ctx.outbox.wake();
  return answer;
}

/**
 * POST account/passkeys/{passkeyId}/rename.
 * @throws 400 ERROR_PASSKEY_NAME_EMPTY; 404 ERROR_NOT_FOUND for another player's or an unknown passkey
 */
export async function renameAccountPasskey(
  ctx: AppContext,
  caller: Caller,
  passkeyId: string,
  name: string,
): Promise<void> {
  requirePasskeys(ctx);
  if (!(await renamePasskey(ctx.db, caller.userId, passkeyId, nameOf(name)))) throw notFound();
}

/**
 * POST account/passkeys/{passkeyId}/remove: deletes the passkey, and the recovery codes when no factor
 * is left; audit and alert. One transaction.
 * @throws 404 ERROR_NOT_FOUND for another player's or an unknown passkey
 */
export async function removeAccountPasskey(
  ctx: AppContext,
  caller: Caller,
  passkeyId: string,
  origin: Origin,
): Promise<void> {
  requirePasskeys(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deletePasskey(trx, caller.userId, passkeyId))) throw notFound();
    if (!(await hasAnyFactorStored(trx, caller.userId))) await deleteSecondFactorsOf(trx, caller.userId);
    await audit({ db: trx }, caller.userId, 'second_factor.removed', origin.ip, { kind: 'passkey' });
    await alert(ctx, trx, caller.userId, 'second-factor-removed', origin);
  });
  ctx.outbox.wake();
}
