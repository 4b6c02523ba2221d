/**
 * Registration (spec §4 Register, §5, §7 register/new-user; §8 codes). Order: bot traps, the
 * too-fast rule (the server's form token, form-token.ts) and the captcha, then every field rule (all failing properties are reported together), then
 * uniqueness and referrer; the player, their verification link and the verification e-mail (in the
 * mail outbox, modules/outbound-mail/outbox.ts) are written in one transaction: an acknowledged registration
 * always gets its mail, even when SMTP is down or the node dies right after answering.
 */
import {
  ENVIRONMENT_BEHAVIOUR,
  type ErrorItem,
  type Locale,
  type RegisterRequest,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { audit } from '../audit/index.ts';
import { uuid } from '../../lib/crypto.ts';
import { badRequest, validationFailed } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { isoNow } from '../../lib/time.ts';
import {
  commonPasswordError,
  DEFAULT_AVATAR_PATH,
  findUserByUsername,
  insertUser,
  newEmailError,
  registerFormErrors,
  usernameTaken,
} from '../accounts/index.ts';
import { createVerificationLink, queueVerificationEmail } from '../email-address/index.ts';
import { allowedRedirectOrNull } from '../redirect/index.ts';
import { optInToEveryList } from '../newsletter/index.ts';
import { accessKeyError, consumeAccessKey } from '../access-key/index.ts';
import { requireCaptcha } from '../captcha/index.ts';
import { checkFormToken, spendFormToken, unspendFormToken } from './form-token.ts';

/**
 * The checks beyond the store-free rules, on the properties those rules let pass: the common-password
 * check (accounts common-password.ts, flag breachedPasswordCheck), username taken, then the e-mail's
 * (accounts).
 */
async function storeErrors(ctx: AppContext, form: RegisterRequest, items: ErrorItem[]): Promise<ErrorItem[]> {
  const failing = new Set(items.map((i) => i.Property));
  const extra: ErrorItem[] = [];
  if (!failing.has('Password')) {
    const code = await commonPasswordError(ctx.config, form.Password, form.Username, form.Email);
    if (code) extra.push({ Property: 'Password', ErrorMessage: code });
  }
  if (!failing.has('Username') && (await usernameTaken(ctx.db, form.Username)))
    extra.push({ Property: 'Username', ErrorMessage: 'ERROR_USERNAME_EXIST' });
  if (!failing.has('Email')) {
    const code = await newEmailError(ctx, form.Email);
    if (code) extra.push({ Property: 'Email', ErrorMessage: code });
  }
  return extra;
}

/**
 * The internal id of the referring player named `referrer` (spec §3 Referrer, a username), or null
 * when blank.
 * @throws 400 Referrer ERROR_USER_REFERRER_NOTEXISTS when no player has that username
 */
async function referrerId(ctx: AppContext, referrer: string | null | undefined): Promise<number | null> {
  const name = (referrer ?? '').trim();
  if (!name) return null;
  const row = await findUserByUsername(ctx.db, name);
  if (!row) throw badRequest('ERROR_USER_REFERRER_NOTEXISTS', 'Referrer');
  return row.id;
}

/**
 * The too-fast rule (spec §4; form-token.ts), not in CREATIVE-ASSEMBLY: the form's token must be ours,
 * unspent, and at least REGISTER_MINIMUM_TIME_ON_PAGE_MS old; whatever TimeOnPageMs the page claims.
 * @returns the token's id, to spend when the player is written; null where the rule does not apply
 * @throws 400 ERROR_TOO_FAST (no, altered or too young token), ERROR_FORM_EXPIRED
 */
function tooFastCheck(ctx: AppContext, form: RegisterRequest): string | null {
  if (!ENVIRONMENT_BEHAVIOUR[ctx.config.environment].registerTooFastRule) return null;
  const check = checkFormToken(ctx, form.FormToken);
  if (check.kind === 'expired') throw badRequest('ERROR_FORM_EXPIRED');
  if (check.kind !== 'valid') throw badRequest('ERROR_TOO_FAST');
  return check.id;
}

/**
 * POST register/new-user. `locale` (the request's Accept-Language, lib/locale.ts) becomes the player's
 * saved locale, and the language of the verification e-mail.
 * @throws 400 with every failing property (Password: ERROR_PASSWORD_COMMON too, flag breachedPasswordCheck; AccessKeyValue: ERROR_ACCESS_KEY_NON_EXISTANT /
 *   _ALREADY_USED when access-key registration is on); ERROR_REGISTER_INVALID for a tripped bot trap;
 *   ERROR_TOO_FAST for a form token younger than REGISTER_MINIMUM_TIME_ON_PAGE_MS, missing, altered or
 *   spent, ERROR_FORM_EXPIRED (not in CREATIVE-ASSEMBLY); the captcha codes of requireCaptcha (action
 *   register) when the captcha flag is on
 */
export async function registerPlayer(
  ctx: AppContext,
  form: RegisterRequest,
  ip: string | null,
  locale: Locale | null,
): Promise<void> {
  if (form.Additional || (form.UsageNameHoneyPot ?? '') !== '') {
    await audit(ctx, null, 'register.bot_trap', ip);
    throw badRequest('ERROR_REGISTER_INVALID');
  }
  const formTokenId = tooFastCheck(ctx, form);
  await requireCaptcha(ctx, form.ReCAPTCHAToken, 'register', ip);
  const items = registerFormErrors(form, {
    environment: ctx.config.environment,
    unauthorizedDomains: ctx.config.emailUnauthorizedDomains,
  });
  items.push(...(await storeErrors(ctx, form, items)));
  // spec §2 /register: with access-key registration on, a usable key is required.
  const accessKey = ctx.config.features.registerWithAccessKeys ? (form.AccessKeyValue ?? '') : null;
  if (accessKey !== null) {
    const keyError = await accessKeyError(ctx.db, accessKey);
    if (keyError) items.push({ Property: 'AccessKeyValue', ErrorMessage: keyError });
  }
  if (items.length > 0) throw validationFailed(items);
  const referrer = await referrerId(ctx, form.Referrer);
  const redirectUrl = await allowedRedirectOrNull(ctx, form.RedirectUrl);
  const passwordHash = await hashPassword(form.Password);
  const now = isoNow();
  const studio = ENVIRONMENT_BEHAVIOUR[ctx.config.environment].studioRules;
  // One registration per form token: of two forms with one token, one spends it, the other is a replay.
  if (formTokenId !== null && !(await spendFormToken(ctx, formTokenId))) throw badRequest('ERROR_TOO_FAST');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        id_user: uuid(),
        username: form.Username,
        email: form.Email.trim(),
        password_hash: passwordHash,
        firstname: form.Firstname.trim(),
        lastname: studio ? (form.Lastname ?? '').trim() : null,
        date_of_birth: studio ? (form.DateOfBirth ?? null) : null,
        avatar_url: DEFAULT_AVATAR_PATH,
        titles: '',
        auth_type: 1,
        auth_partner: null,
        steam_check: 0,
        is_cookie_popup_seen: 0,
        newsletter_optin: ctx.config.features.newsletterSection && form.G2GSegaOptin ? 1 : 0,
        referrer_user_id: referrer,
        studio_name: form.StudioName ?? null,
        client_id: form.ClientId ?? null,
        email_confirmed_at: null,
        banned_at: null,
        created_at: now,
        updated_at: now,
        locale,
      });
      // Used in this transaction: of two registrations with one key, exactly one succeeds.
      if (accessKey !== null) await consumeAccessKey(trx, accessKey, user.id);
      // spec §3 G2GSegaOptin (when the newsletter section is on): the player receives every list.
      if (ctx.config.features.newsletterSection && form.G2GSegaOptin) await optInToEveryList(trx, user.id);
      const token = await createVerificationLink({ ...ctx, db: trx }, user, redirectUrl);
      await queueVerificationEmail(ctx, trx, user, token, locale);
      await audit({ db: trx }, user.id, 'register.created', ip);
    });
  } catch (error) {
    // Nobody was written: the form may be sent again with its token.
    if (formTokenId !== null) await unspendFormToken(ctx, formTokenId);
    if (!isUniqueViolation(error)) throw error;
    // A concurrent registration took the name or address between the check and the insert.
    const again = await storeErrors(ctx, form, []);
    throw validationFailed(
      again.length ? again : [{ Property: '', ErrorMessage: 'ERROR_REGISTER_NO_SUCCESS' }],
    );
  }
  ctx.outbox.wake();
}
