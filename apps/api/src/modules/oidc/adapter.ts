/**
 * oidc-provider's storage on our store (its Adapter interface, docs "adapter"; logto's
 * `packages/core/src/oidc/adapter.ts` does the same on PostgreSQL): one adapter per model name
 * (Session, Interaction, Grant, AuthorizationCode, AccessToken, RefreshToken, …) over `oidc_payloads`
 * (store.ts), on SQLite and PostgreSQL alike. The model `Client` is not stored here: it is read from
 * `oauth_clients` (clients.ts).
 *
 * Ids are bearer secrets for the token models (an opaque access token's id is the token), so the row
 * keeps only their SHA-256 and the payload without `jti`, which {@link KyselyAdapter.find} puts back from
 * the id it was asked for (a Session keeps its `jti`: it is also found by `uid`). `expiresIn` (seconds) becomes `expires_at`; an expired row is never returned.
 * `consume` records the use of a code or refresh token (RFC 6749 §4.1.2, RFC 9700 §4.14.2), returned as
 * the payload's `consumed` (seconds since the epoch). A Grant row carries its own id as `grant_id` (a
 * grant id is no bearer secret: its codes' and tokens' rows name it in clear), so a player's grants can
 * be revoked by id; an object of a client (grant, code, token) carries its `client_id`, so removing the
 * client deletes them (store.ts `deletePayloadsOfClient`). Expired rows are swept at most once a minute per
 * node, during a write.
 *
 * This module loads nothing of `oidc-provider` at start (connected-sites.ts uses the adapter without a
 * provider): the error class {@link KyselyAdapter.consume} throws is imported when it is thrown.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isoNow } from '../../lib/time.ts';
import {
  consumePayload,
  deletePayload,
  deletePayloadsExpiredBefore,
  deletePayloadsOfGrant,
  findPayload,
  findPayloadBy,
  GRANT_MODEL,
  upsertPayload,
  type OidcPayloadRow,
} from './store.ts';

/** How often a node sweeps the expired rows, ms. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Can `value` be a key of a look-up on both stores? PostgreSQL refuses a NUL character or lone surrogate
 * in text (the store would fail the request with a 500); such a value names nothing anyway.
 */
export function isStorableKey(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The payload a row holds, with its id (`jti`, when stored without it) and use (`consumed`) put back. */
function payloadOf(row: OidcPayloadRow | undefined, id?: string): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  if (id !== undefined && payload.jti === undefined) payload.jti = id;
  if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
  return payload;
}

/** The stored objects of one oidc-provider model (Adapter interface). */
export class KyselyAdapter implements Adapter {
  /** When this node last swept the expired rows (epoch ms), shared by every model's adapter. */
  static #lastSweep = 0;

  private readonly db: Kysely<Database>;
  private readonly model: string;

  /** The adapter of model `model` (oidc-provider's model name, e.g. `AccessToken`) on `db`. */
  constructor(db: Kysely<Database>, model: string) {
    this.db = db;
    this.model = model;
  }

  /**
   * Stores `payload` under `id` for `expiresIn` seconds (none: no expiry), replacing any previous one.
   * The id is kept hashed only, and so the payload without its `jti` — except a Session's, which is also
   * found by its `uid` (back-channel log-out) and must carry its id then.
   */
  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const { jti: _jti, ...withoutId } = payload;
    await upsertPayload(this.db, {
      model: this.model,
      id_hash: sha256(id),
      payload: JSON.stringify(payload.uid === undefined ? withoutId : payload),
      // A grant is filed under its own id too, so a player's grants can be revoked by id (connected-sites.ts).
      grant_id: payload.grantId ?? (this.model === GRANT_MODEL ? id : null),
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
      client_id: typeof payload.clientId === 'string' ? payload.clientId : null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumed_at: null,
    });
    await this.sweep();
  }

  /** The unexpired payload stored under `id`, if any. */
  async find(id: string): Promise<AdapterPayload | undefined> {
    return payloadOf(await findPayload(this.db, this.model, sha256(id), isoNow()), id);
  }

  /** The unexpired payload whose `uid` is `uid` (sessions, interactions), if any. */
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    if (!isStorableKey(uid)) return undefined;
    const row = await findPayloadBy(this.db, this.model, 'uid', uid, isoNow());
    return payloadOf(row);
  }

  /** The unexpired payload whose `userCode` is `userCode` (device flow, RFC 8628), if any. */
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    if (!isStorableKey(userCode)) return undefined;
    const row = await findPayloadBy(this.db, this.model, 'user_code', userCode, isoNow());
    return payloadOf(row);
  }

  /**
   * Marks the object stored under `id` (a code, a refresh token) as used now. oidc-provider checks that
   * it is unused before, but not atomically: two exchanges of one code at once would both pass. Here only
   * the first use updates the row; a second one is a replay (RFC 6749 §4.1.2, RFC 9700 §4.14.2), whose
   * grant — with every token the first use gave — is revoked before it is refused.
   * @throws oidc-provider's InvalidGrant when the object was already used
   */
  async consume(id: string): Promise<void> {
    const { consumed, grantId } = await consumePayload(this.db, this.model, sha256(id), isoNow());
    if (consumed) return;
    if (grantId !== null) await deletePayloadsOfGrant(this.db, grantId, { withGrant: true });
    const { errors } = await import('oidc-provider');
    throw new errors.InvalidGrant(`${this.model} already consumed`);
  }

  /** Deletes the object stored under `id`. */
  async destroy(id: string): Promise<void> {
    await deletePayload(this.db, this.model, sha256(id));
  }

  /** Deletes every object of grant `grantId` (its codes and tokens, whatever their model; not the grant). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await deletePayloadsOfGrant(this.db, grantId);
  }

  /** Deletes the expired rows, at most once a {@link SWEEP_INTERVAL_MS} per node. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - KyselyAdapter.#lastSweep < SWEEP_INTERVAL_MS) return;
    KyselyAdapter.#lastSweep = now;
    await deletePayloadsExpiredBefore(this.db, new Date(now).toISOString());
  }
}
