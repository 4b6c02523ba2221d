/**
 * The session decision of spec §4 Session: "If the token is null, not validated, refreshed with
 * problems, or expired and not refreshed, the cookie is removed and the user is sent home."
 */
import type { Token } from '@guildgate/contracts';

/** What to do with the answer of GET token/{identity}. */
export type SessionDecision = 'keep' | 'clear';

/**
 * @param token the answer of GET token/{identity} (null when absent or the call failed)
 * @param now the current time in ms since the epoch
 */
export function decideSession(token: Token | null | undefined, now: number): SessionDecision {
  if (!token || !token.Value) return 'clear';
  if (!token.Validated) return 'clear';
  const expiresAt = Date.parse(token.ExprireAt);
  if (Number.isNaN(expiresAt)) return 'clear';
  // A refreshed token is fresh from the server: trust it even if this device's clock runs ahead.
  if (expiresAt <= now && !token.Refreshed) return 'clear';
  return 'keep';
}

/**
 * The local time (ms) after which the access token should be renewed: the server's `ExpiresIn`
 * counted from when the answer arrived, minus a margin (immune to clock differences).
 */
export function renewalTime(token: Token, receivedAt: number, marginMs = 30_000): number {
  return receivedAt + Math.max(0, token.ExpiresIn * 1000 - marginMs);
}
