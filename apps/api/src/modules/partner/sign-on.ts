/**
 * The partner studios' sign-on, the API as their OpenID Connect client (spec §1 single sign-on; §2
 * /login, /register, /oauth/partner; §7 partner/{partner}/login-url, partner/login-url,
 * partner/{partner}/register-url, focus/oauth/partner, creativeassembly/oauth/partner, partner/log-in).
 *
 * A sign-on starts with a random `state` (stored as SHA-256 in `partner_sign_ons`, 10 minutes, single
 * use) with a PKCE verifier and an OIDC nonce; the partner's provider sends the browser back to the
 * SPA's /oauth/partner, which relays the answer to a callback call. The callback redeems the code with
 * `openid-client` (issuer, audience, nonce and signature of the ID token checked) and answers:
 * `Created` for a known player (matched by partner and SSO id), the identity alone when the partner
 * account's e-mail is not verified, or `CreateAccount` for a new player in a partner environment (the
 * identity then waits 30 minutes for 'Confirm username', registration.ts).
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  type PartnerCallbackQuery,
  type PartnerCallbackResponse,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { PartnerKey } from '../../config/config.ts';
import { audit } from '../audit/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest, serviceUnavailable } from '../../lib/errors.ts';
import {
  buildAuthorizationRequest,
  discoveredConfiguration,
  newAuthorizationSecrets,
  OidcUnreachableError,
  redeemAuthorizationResponse,
} from '../../lib/oidc-client.ts';
import { MINUTE_MS, isoIn, isoNow } from '../../lib/time.ts';
import { findUserByPartnerIdentity } from '../accounts/index.ts';
import { createSession, type RequestOrigin } from '../session/index.ts';
import { resolveClientId } from '../oauth-clients/index.ts';
import { claimToken, findUsableToken, issueToken, tokenHash } from '../single-use-tokens/index.ts';
import { deleteExpiredSignOns, keepIdentityForRegistration, SIGN_ON_STATE_KIND } from './store.ts';

/** How long the partner's round trip may take, ms. */
export const SIGN_ON_TTL_MS = 10 * MINUTE_MS;
/** How long a new player's verified identity waits for 'Confirm username', ms. */
export const REGISTRATION_TTL_MS = 30 * MINUTE_MS;

/** The partners, by key: the display name stored as the player's AuthPartner (spec §3 User). */
export const PARTNERS: Record<PartnerKey, { name: string; environment: string }> = {
  'creative-assembly': { name: 'Creative Assembly', environment: 'CREATIVE-ASSEMBLY' },
  focus: { name: 'Focus', environment: 'FOCUS' },
};

/**
 * The partner named by `value`: a key (`creative-assembly`, `focus`), the key without its dash
 * (`creativeassembly`, as in §7's callback paths), an environment name or a display name, in any case.
 * @returns null for anything else
 */
export function partnerKeyOf(value: string | null | undefined): PartnerKey | null {
  const wanted = (value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const key of Object.keys(PARTNERS) as PartnerKey[]) {
    if (key.replace(/-/g, '') === wanted) return key;
  }
  return null;
}

/** The partner of this deployment's environment (CREATIVE-ASSEMBLY, FOCUS), else null. */
export function environmentPartner(ctx: AppContext): PartnerKey | null {
  return ENVIRONMENT_BEHAVIOUR[ctx.config.environment].partnerKey;
}

/**
 * The partner's client configuration (discovered once per app).
 * @throws 503 ERROR_PARTNER_NOT_REACHABLE when the partner is not configured or does not answer
 */
async function configurationOf(ctx: AppContext, partner: PartnerKey) {
  try {
    return await discoveredConfiguration(
      ctx,
      `partner:${partner}`,
      ctx.config.partners[partner],
      'client_secret_basic',
      ctx.config.linking.timeoutMs,
    );
  } catch {
    throw serviceUnavailable('ERROR_PARTNER_NOT_REACHABLE');
  }
}

/** Our callback at the partner: the SPA's /oauth/partner (spec §2). */
function callbackUri(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/oauth/partner`;
}

/**
 * Starts a sign-on at `partner` and returns the URL of its sign-in page (spec §7 partner/…/login-url
 * and /register-url → URL).
 * @param options.clientId the OAuth client the player came through (unregistered → the portal's),
 *   recorded on a new player (`users.client_id`); the session is the portal's whatever it is
 * @param options.extra further authorization parameters (`login_hint`, `screen_hint=signup`)
 * @throws 503 ERROR_PARTNER_NOT_REACHABLE
 */
export async function startSignOn(
  ctx: AppContext,
  partner: PartnerKey,
  options: { clientId?: string | null; extra?: Record<string, string> } = {},
): Promise<string> {
  const configuration = await configurationOf(ctx, partner);
  const state = randomToken(32);
  const { codeVerifier, nonce } = newAuthorizationSecrets();
  const now = isoNow();
  await deleteExpiredSignOns(ctx.db, now);
  await issueToken(
    ctx.db,
    SIGN_ON_STATE_KIND,
    {
      partner,
      redirect_uri: callbackUri(ctx),
      code_verifier: codeVerifier,
      nonce,
      client_id: await resolveClientId(ctx, options.clientId),
      identity_json: null,
      ticket_hash: null,
      created_at: now,
      expires_at: isoIn(SIGN_ON_TTL_MS),
      callback_at: null,
      registered_at: null,
      ticket_used_at: null,
    },
    state,
  );
  return buildAuthorizationRequest(
    configuration,
    { redirectUri: callbackUri(ctx), scope: 'openid profile email', state, codeVerifier, nonce },
    options.extra,
  );
}

/** The verified partner identity of a new player, kept for registration. */
export interface PartnerIdentity {
  /** OIDC `sub`: the SSO id. */
  sub: string;
  email: string;
  /** The partner account's username (a suggestion for 'Confirm username'). */
  username: string | null;
}

/** The spec's numeric SSO id, or null when `sub` is not a safe integer. */
export function ssoIdOf(sub: string): number | null {
  return /^\d{1,15}$/.test(sub) ? Number(sub) : null;
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

/**
 * Completes a sign-on from the partner's answer (spec §7 callback calls).
 * @param expected the partner this call is for (the partner environments' callbacks), or null for
 *   partner/log-in (any partner, known players only)
 * @throws 400 ERROR_STATE_EMPTY without a state; ERROR_PARTNER_SIGN_ON_INVALID for an unknown, used or
 *   expired state or another partner's; ERROR_PARTNER_RESPONSE_ERROR when the partner refused, was
 *   cancelled, or its answer fails a check; ERROR_USER_BANNED; ERROR_USER_UNKNOWN for a new player
 *   outside the partner's environment. 503 ERROR_PARTNER_NOT_REACHABLE
 */
export async function completeSignOn(
  ctx: AppContext,
  query: PartnerCallbackQuery,
  expected: PartnerKey | null,
  origin: RequestOrigin,
): Promise<PartnerCallbackResponse> {
  if (!query.state) throw badRequest('ERROR_STATE_EMPTY');
  const stateHash = tokenHash(query.state);
  const now = isoNow();
  const row = await findUsableToken(ctx.db, SIGN_ON_STATE_KIND, { hash: stateHash }, now);
  const partner = partnerKeyOf(row?.partner);
  if (!row || !partner || (expected !== null && partner !== expected)) {
    throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  }
  // Claimed before redeeming: a state answers once, whatever happens next.
  const claimed = await claimToken(ctx.db, SIGN_ON_STATE_KIND, { hash: stateHash }, { now });
  if (!claimed) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  if (query.error || !query.code) throw badRequest('ERROR_PARTNER_RESPONSE_ERROR');

  const configuration = await configurationOf(ctx, partner);
  const response = new URLSearchParams({ code: query.code, state: query.state });
  if (query.iss) response.set('iss', query.iss);
  let claims: Record<string, unknown> & { sub: string };
  try {
    claims = await redeemAuthorizationResponse(
      configuration,
      { redirectUri: row.redirect_uri, codeVerifier: row.code_verifier, nonce: row.nonce },
      response,
    );
  } catch (error) {
    ctx.log.warn({ err: error, partner }, 'partner sign-on redemption failed');
    if (error instanceof OidcUnreachableError) throw serviceUnavailable('ERROR_PARTNER_NOT_REACHABLE');
    throw badRequest('ERROR_PARTNER_RESPONSE_ERROR');
  }
  const email = text(claims.email, 255);
  if (!email || claims.sub.length > 255) throw badRequest('ERROR_PARTNER_RESPONSE_ERROR');
  const identity: PartnerIdentity = {
    sub: claims.sub,
    email,
    username: text(claims.preferred_username, 64),
  };
  const answer = {
    SSOId: ssoIdOf(identity.sub),
    SSOEmail: identity.email,
    Username: identity.username,
  };
  if (claims.email_verified !== true) {
    return { Created: null, CreateAccount: false, Validated: false, ...answer };
  }
  const user = await findUserByPartnerIdentity(ctx.db, PARTNERS[partner].name, identity.sub);
  if (user) {
    if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
    const created = await createSession(ctx, user, origin);
    await audit(ctx, user.id, 'partner.signed_in', origin.ip, { partner });
    return { Created: created, CreateAccount: false, Validated: true, ...answer };
  }
  if (expected === null || environmentPartner(ctx) !== partner) throw badRequest('ERROR_USER_UNKNOWN');
  await keepIdentityForRegistration(ctx.db, stateHash, JSON.stringify(identity), isoIn(REGISTRATION_TTL_MS));
  return { Created: null, CreateAccount: true, Validated: true, ...answer };
}
