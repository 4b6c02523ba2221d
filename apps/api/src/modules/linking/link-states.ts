/**
 * Pending provider links (spec §4 Linking a provider; DESIGN.md §5 single-use, expiring, hashed
 * secrets). A link starts with a random `state` handle bound to the player and the session that asked
 * for it; the provider round-trips the handle (OAuth 2.0 `state`, or inside Steam's OpenID 2.0
 * `return_to`), and only that session may complete the link, once, within `config.linking.stateTtlMs`.
 * The store keeps the SHA-256 of the handle only (a single-use token, single-use-tokens; store.ts).
 */
import type { Kysely } from 'kysely';
import type { LinkProvider } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthInfo } from '../session/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { isoIn, isoNow } from '../../lib/time.ts';
import { claimToken, findUsableToken, issueToken } from '../single-use-tokens/index.ts';
import { deleteSpentLinkStates, linkStateKind, updateLinkStateOutcome } from './store.ts';

/** The provider account a link verified (spec §3 Connection: Id_Account, ConnectName, Avatar). */
export interface ProviderAccount {
  /** SteamID64, Twitch user id or Epic account id. */
  accountId: string;
  /** The account's display name at the provider, if known. */
  connectName: string | null;
  /** Absolute URL of the account's avatar, if known. */
  avatar: string | null;
}

/** A pending link, as read back by its state. */
export interface PendingLink {
  stateHash: string;
  userId: number;
  sessionId: string;
  provider: LinkProvider;
  redirectUri: string;
  codeVerifier: string | null;
  nonce: string | null;
  /** The allow-listed partner address to return to (spec §4), or null. */
  redirectUrl: string | null;
  /** What the API already verified (redeemer flows), or null. */
  account: ProviderAccount | null;
  /** The §8 code of a failed API-side redemption, or null. */
  errorCode: string | null;
}

/** What a new link needs besides its state. */
export interface NewLink {
  provider: LinkProvider;
  /** Builds the provider's return address from the state (Steam embeds it in `return_to`). */
  redirectUri: (state: string) => string;
  codeVerifier?: string;
  nonce?: string;
  redirectUrl?: string | null;
}

/**
 * Starts a link for the caller's session.
 * @returns the state handle (43 base64url characters, shown once) and the provider return address
 */
export async function startLink(
  ctx: AppContext,
  auth: AuthInfo,
  link: NewLink,
): Promise<{ state: string; redirectUri: string }> {
  const state = randomToken(32);
  const redirectUri = link.redirectUri(state);
  const now = isoNow();
  // Housekeeping: the player's expired or used links are of no further use.
  await deleteSpentLinkStates(ctx.db, auth.userId, now);
  await issueToken(
    ctx.db,
    linkStateKind(link.provider),
    {
      user_id: auth.userId,
      session_id: auth.sessionId,
      provider: link.provider,
      redirect_uri: redirectUri,
      code_verifier: link.codeVerifier ?? null,
      nonce: link.nonce ?? null,
      redirect_url: link.redirectUrl ?? null,
      account_json: null,
      error_code: null,
      created_at: now,
      expires_at: isoIn(ctx.config.linking.stateTtlMs),
      used_at: null,
    },
    state,
  );
  return { state, redirectUri };
}

/**
 * The pending, unexpired, unused link of `provider` whose handle is `state`, or null. Used where the
 * browser comes back without a session (the provider's redirect to the API); {@link requireLink}
 * checks the session too.
 */
export async function findLink(
  ctx: AppContext,
  provider: LinkProvider,
  state: string | null | undefined,
): Promise<PendingLink | null> {
  if (!state || state.length > 512) return null;
  const row = await findUsableToken(ctx.db, linkStateKind(provider), state);
  if (!row) return null;
  return {
    stateHash: row.state_hash,
    userId: row.user_id,
    sessionId: row.session_id,
    provider,
    redirectUri: row.redirect_uri,
    codeVerifier: row.code_verifier,
    nonce: row.nonce,
    redirectUrl: row.redirect_url,
    account: row.account_json ? (JSON.parse(row.account_json) as ProviderAccount) : null,
    errorCode: row.error_code,
  };
}

/**
 * The `State` of a link callback, when it has one.
 * @throws 400 ERROR_STATE_EMPTY when it is absent or empty
 */
export function requireState(state: string | null | undefined): string {
  if (!state) throw badRequest('ERROR_STATE_EMPTY');
  return state;
}

/**
 * The caller's pending link of `provider` for `state`.
 * @throws 400 ERROR_STATE_EMPTY without a state; 400 ERROR_LINK_STATE_INVALID when it is unknown,
 *   expired, used, or was started by another player or session
 */
export async function requireLink(
  ctx: AppContext,
  auth: AuthInfo,
  provider: LinkProvider,
  state: string | null | undefined,
): Promise<PendingLink> {
  const link = await findLink(ctx, provider, requireState(state));
  if (!link || link.userId !== auth.userId || link.sessionId !== auth.sessionId) {
    throw badRequest('ERROR_LINK_STATE_INVALID');
  }
  return link;
}

/** Records the outcome of an API-side redemption on the pending link (redeemer flows). */
export async function recordRedemption(
  ctx: AppContext,
  link: PendingLink,
  outcome: { account: ProviderAccount } | { errorCode: string },
): Promise<void> {
  await updateLinkStateOutcome(
    ctx.db,
    link.stateHash,
    'account' in outcome
      ? { account_json: JSON.stringify(outcome.account), error_code: null }
      : { account_json: null, error_code: outcome.errorCode },
  );
}

/**
 * Marks `link` used without linking anything (a failed redemption was reported to the player); a link
 * used or expired meanwhile stays as it is.
 */
export async function discardLink(ctx: AppContext, link: PendingLink): Promise<void> {
  await claimToken(ctx.db, linkStateKind(), { hash: link.stateHash });
}

/**
 * Claims `link` once (atomic, single-use-tokens), in `db` — the transaction that stores the connection.
 * @returns false when it was used (or expired) meanwhile
 */
export async function claimLink(db: Kysely<Database>, link: PendingLink): Promise<boolean> {
  return (await claimToken(db, linkStateKind(), { hash: link.stateHash })) !== undefined;
}
