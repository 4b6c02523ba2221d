/**
 * The register form's token (spec §4 Register "a submit within 15 s of page load is refused with the
 * too-fast message", §9 "Registration minimum time on page: 15000 ms"; docs/security.md "Too fast"): the
 * server, not the page, says when the form was loaded. GET register/form-token, called by the page as it
 * loads, gives a token MACed with the API's token key (lib/signed-tokens.ts: an HS256 JWS, `typ`
 * register-form+jwt, so it can pass for no other token) carrying the moment it was issued in ms; POST register/new-user checks its age against
 * `REGISTER_MINIMUM_TIME_ON_PAGE_MS` and spends it, so a token serves one registration. The page's own
 * `TimeOnPageMs` is no longer trusted.
 */
import type { AppContext } from '../../context.ts';
import { takeQuota, type LimiterOptions } from '../rate-limits/index.ts';
import { signToken, verifySignedToken, type SignedTokenKind } from '../../lib/signed-tokens.ts';

/** How long a form token lasts, seconds (a page left open longer must be reloaded). */
export const FORM_TOKEN_TTL_SECONDS = 4 * 3600;

/** Form tokens: their own `typ` and audience (lib/signed-tokens.ts). */
const FORM: SignedTokenKind = { typ: 'register-form+jwt', audience: 'guildgate:register-form' };

/** The spent tokens' ids, each kept while its token could still be presented. */
const SPENT: LimiterOptions = { points: 1, durationSeconds: FORM_TOKEN_TTL_SECONDS };

/** A new form token, with the moment it was issued in ms (`loaded_at`); the store keeps nothing of it. */
export function issueFormToken(ctx: AppContext): { token: string; expiresIn: number } {
  const claims = { loaded_at: Date.now() };
  const token = signToken(ctx, FORM, { ttlSeconds: FORM_TOKEN_TTL_SECONDS, claims });
  return { token, expiresIn: FORM_TOKEN_TTL_SECONDS };
}

/** What a presented form token says. */
export type FormTokenCheck =
  | { kind: 'valid'; id: string }
  /** Younger than the minimum time on the page. */
  | { kind: 'too-fast' }
  /** Ours, but past its lifetime. */
  | { kind: 'expired' }
  /** None, not ours, altered, or of another kind. */
  | { kind: 'invalid' };

/** Checks a form token: our MAC, kind, issuer, lifetime, and its age against the minimum. */
export function checkFormToken(ctx: AppContext, token: string | null | undefined): FormTokenCheck {
  if (!token) return { kind: 'invalid' };
  const checked = verifySignedToken(ctx, FORM, token);
  if (!checked.valid) return { kind: checked.expired ? 'expired' : 'invalid' };
  const loadedAt = checked.payload.loaded_at;
  if (typeof loadedAt !== 'number') return { kind: 'invalid' };
  if (Date.now() - loadedAt < ctx.config.registerMinimumTimeOnPageMs) return { kind: 'too-fast' };
  return { kind: 'valid', id: checked.payload.jti };
}

/**
 * Spends the form token `id` (atomically, across nodes).
 * @returns false when it was spent already (a replay)
 */
export function spendFormToken(ctx: AppContext, id: string): Promise<boolean> {
  return takeQuota(ctx.rateLimits, 'register-form-token', SPENT, id);
}

/** Gives the form token `id` back (its registration failed after it was spent: the player may retry). */
export async function unspendFormToken(ctx: AppContext, id: string): Promise<void> {
  await ctx.rateLimits.limiter('register-form-token', SPENT).delete(id);
}
