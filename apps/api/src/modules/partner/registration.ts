/**
 * The partner registration flow (spec §4 Register "Partner registration flow: form, then (captcha
 * verify), then register, then automatic log-in via the Created value"; §3 Partner register payload;
 * §7 POST partner/user/register → Created, GET partner/user/{created}/log-in → Created).
 *
 * Registration creates the player from the identity the partner verified for the sign-on's `state`
 * (sign-on.ts), never from the identity fields of the body, which must match it when sent. The player
 * has no password (AuthType 2, AuthPartner the partner's name, the SSO id) and a confirmed e-mail (the
 * partner verified it). It answers a single-use log-in ticket (2 minutes), which the log-in call
 * exchanges for the identity handle of a new session.
 */
import type { ErrorItem, Locale, PartnerRegisterRequest } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { audit } from '../audit/index.ts';
import { randomToken, uuid } from '../../lib/crypto.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { MINUTE_MS, isoIn, isoNow } from '../../lib/time.ts';
import { requireCaptcha } from '../captcha/index.ts';
import {
  DEFAULT_AVATAR_PATH,
  emailTaken,
  findUserByPartnerIdentity,
  insertUser,
  normalizeEmail,
  usernameError,
  usernameTaken,
} from '../accounts/index.ts';
import { createSession, type RequestOrigin } from '../session/index.ts';
import { claimToken, findUsableToken, tokenHash } from '../single-use-tokens/index.ts';
import { PARTNERS, partnerKeyOf, ssoIdOf, type PartnerIdentity } from './sign-on.ts';
import { SIGN_ON_REGISTRATION_KIND, SIGN_ON_TICKET_KIND } from './store.ts';

/** Lifetime of the log-in ticket a registration answers, ms. */
export const TICKET_TTL_MS = 2 * MINUTE_MS;

/** Username and e-mail already taken, as error items. */
async function takenItems(ctx: AppContext, username: string, email: string): Promise<ErrorItem[]> {
  const items: ErrorItem[] = [];
  if (await usernameTaken(ctx.db, username))
    items.push({ Property: 'Username', ErrorMessage: 'ERROR_USERNAME_EXIST' });
  if (await emailTaken(ctx.db, email)) items.push({ Property: 'Email', ErrorMessage: 'ERROR_EMAIL_EXIST' });
  return items;
}

/**
 * POST partner/user/register. `locale` (the request's Accept-Language, lib/locale.ts) becomes the new
 * player's saved locale.
 * @returns the log-in ticket (`Created`, 43 base64url characters, single use, {@link TICKET_TTL_MS})
 * @throws 400 ERROR_REGISTER_INVALID for the trap (Additional); the captcha codes (action register) when the flag is on;
 *   ERROR_STATE_EMPTY; ERROR_PARTNER_SIGN_ON_INVALID when no verified identity waits for this state;
 *   ERROR_PARTNER_RESPONSE_ERROR when Email, Id_SSO or Partner differ from it; the Username rules,
 *   ERROR_USERNAME_EXIST, ERROR_EMAIL_EXIST, ERROR_APPROVE_PRIVACY_POLICY, ERROR_APPROVE_EULA
 */
export async function registerPartnerPlayer(
  ctx: AppContext,
  form: PartnerRegisterRequest,
  ip: string | null,
  locale: Locale | null,
): Promise<string> {
  if (form.Additional) {
    await audit(ctx, null, 'register.bot_trap', ip);
    throw badRequest('ERROR_REGISTER_INVALID');
  }
  // No too-fast rule: spec §4 exempts the partner registration page in the two partner studios, the
  // only environments where a new partner player registers (sign-on.ts answers CreateAccount there only).
  await requireCaptcha(ctx, form.ReCAPTCHAToken, 'register', ip);
  if (!form.State) throw badRequest('ERROR_STATE_EMPTY');
  const stateHash = tokenHash(form.State);
  const row = await findUsableToken(ctx.db, SIGN_ON_REGISTRATION_KIND, { hash: stateHash });
  const partner = partnerKeyOf(row?.partner);
  if (!row?.identity_json || !partner) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  const identity = JSON.parse(row.identity_json) as PartnerIdentity;
  const mismatch =
    (form.Email && normalizeEmail(form.Email) !== normalizeEmail(identity.email)) ||
    (form.Id_SSO !== undefined && form.Id_SSO !== null && String(form.Id_SSO) !== identity.sub) ||
    (form.Partner && partnerKeyOf(form.Partner) !== partner);
  if (mismatch) throw badRequest('ERROR_PARTNER_RESPONSE_ERROR');

  const username = form.Username.trim();
  const items: ErrorItem[] = [];
  const nameCode = usernameError(username);
  if (nameCode) items.push({ Property: 'Username', ErrorMessage: nameCode });
  if (!form.ApprovePrivacyPolicy)
    items.push({ Property: 'ApprovePrivacyPolicy', ErrorMessage: 'ERROR_APPROVE_PRIVACY_POLICY' });
  if (!form.ApproveEULA) items.push({ Property: 'ApproveEULA', ErrorMessage: 'ERROR_APPROVE_EULA' });
  const taken = await takenItems(ctx, username, identity.email);
  items.push(...taken.filter((i) => !(nameCode && i.Property === 'Username')));
  if (items.length > 0) throw validationFailed(items);

  const ticket = randomToken(32);
  const now = isoNow();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // The registration's claim issues the ticket on the same row, valid TICKET_TTL_MS from now.
      const claimed = await claimToken(
        trx,
        SIGN_ON_REGISTRATION_KIND,
        { hash: stateHash },
        { now, also: { ticket_hash: tokenHash(ticket), expires_at: isoIn(TICKET_TTL_MS) } },
      );
      if (!claimed) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
      const { id: userId } = await insertUser(trx, {
        id_user: uuid(),
        username,
        email: identity.email,
        password_hash: null,
        firstname: '',
        lastname: null,
        date_of_birth: null,
        avatar_url: DEFAULT_AVATAR_PATH,
        titles: '',
        auth_type: 2,
        auth_partner: PARTNERS[partner].name,
        sso_id: identity.sub,
        steam_check: 0,
        is_cookie_popup_seen: 0,
        newsletter_optin: 0,
        referrer_user_id: null,
        studio_name: form.StudioName ?? null,
        client_id: row.client_id,
        email_confirmed_at: now,
        banned_at: null,
        created_at: now,
        updated_at: now,
        locale,
      });
      await audit({ db: trx }, userId, 'register.partner_created', ip, {
        partner,
        ssoId: ssoIdOf(identity.sub),
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent registration took the name, the address or this partner account meanwhile.
    const again = await takenItems(ctx, username, identity.email);
    throw validationFailed(
      again.length ? again : [{ Property: '', ErrorMessage: 'ERROR_REGISTER_NO_SUCCESS' }],
    );
  }
  return ticket;
}

/**
 * GET partner/user/{created}/log-in: exchanges a registration's ticket for a session.
 * @returns the identity handle (`Created`) for the _g2g_identity_ cookie
 * @throws 400 ERROR_PARTNER_SIGN_ON_INVALID for an unknown, used or expired ticket; ERROR_USER_BANNED
 */
export async function logInWithTicket(
  ctx: AppContext,
  ticket: string,
  origin: RequestOrigin,
): Promise<string> {
  const ticketHash = tokenHash(ticket);
  const now = isoNow();
  const row = await findUsableToken(ctx.db, SIGN_ON_TICKET_KIND, { hash: ticketHash }, now);
  const partner = partnerKeyOf(row?.partner);
  if (!row?.identity_json || !partner) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  const claimed = await claimToken(ctx.db, SIGN_ON_TICKET_KIND, { hash: ticketHash }, { now });
  if (!claimed) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  const identity = JSON.parse(row.identity_json) as PartnerIdentity;
  const user = await findUserByPartnerIdentity(ctx.db, PARTNERS[partner].name, identity.sub);
  if (!user) throw badRequest('ERROR_PARTNER_SIGN_ON_INVALID');
  if (user.banned_at) throw badRequest('ERROR_USER_BANNED');
  return createSession(ctx, user, origin);
}
