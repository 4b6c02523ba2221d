/**
 * The partner single-sign-on identity of the client state (spec §3 Client state "SSO id (number), SSO
 * email"): set by the partner sign-on when it learns that the player's partner account is not verified,
 * read by the Unverified-account page (spec §2) to ask the partner to resend the validation e-mail (§7).
 *
 * Kept in `sessionStorage` under {@link SSO_IDENTITY_KEY} as JSON `{ "id": number, "email": string }`: it
 * lives as long as the tab and survives the page loads between the partner sign-on and the page. Stored
 * values are untrusted: they are validated when read, and anything else reads as null. Without a usable
 * `sessionStorage` (blocked storage, no DOM) nothing is kept and every read gives null.
 */
import { z } from 'zod';
import { browserGlobals } from '../browser/browser-globals.ts';

/** The `sessionStorage` key of the SSO identity. */
export const SSO_IDENTITY_KEY = 'g2g_sso_identity';

/** The partner SSO identity (spec §3): the partner's user id and the partner account's address. */
export interface SsoIdentity {
  /** SSO id: a positive integer. */
  id: number;
  /** SSO email. */
  email: string;
}

const SsoIdentitySchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  email: z.string().trim().min(3).max(320),
});

function storage(): Storage | null {
  try {
    return browserGlobals.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Remembers the SSO identity for this tab (spec §3 Client state), replacing any held one.
 * @throws never: a full or blocked storage leaves nothing held
 */
export function rememberSsoIdentity(identity: SsoIdentity): void {
  try {
    storage()?.setItem(SSO_IDENTITY_KEY, JSON.stringify({ id: identity.id, email: identity.email }));
  } catch {
    // Quota exceeded or storage refused: nothing is held, the page then reports the failure.
  }
}

/**
 * The held SSO identity (spec §3 Client state), or null when none is held or the stored value is not
 * `{ id: positive integer, email: string of 3–320 characters }` (the e-mail comes back trimmed).
 */
export function ssoIdentity(): SsoIdentity | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(SSO_IDENTITY_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = SsoIdentitySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Forgets the held SSO identity (spec §3 Client state); does nothing when none is held. */
export function forgetSsoIdentity(): void {
  try {
    storage()?.removeItem(SSO_IDENTITY_KEY);
  } catch {
    // Storage refused: nothing to forget.
  }
}
