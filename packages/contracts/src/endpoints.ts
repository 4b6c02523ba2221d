/**
 * The endpoint table (issue 20 §5; spec §7; DESIGN.md §4): method, path, params, query, body, answers,
 * authentication and error codes of every call of spec §7, of the partner servers' calls
 * (docs/partner-api.md) and of the hub's (GET oauth, POST oauth/token, GET oauth/profile), in one
 * {@link ENDPOINTS} object. The API registers its routes from it (apps/api/src/lib/endpoint-routes.ts,
 * which also documents the error statuses and codes in OpenAPI) and the SPA's client takes an entry
 * (apps/web/src/shared/api/api-client.ts), so no path, request or response schema is written twice.
 *
 * Why a small typed helper and not `@ts-rest/core`: its latest release (3.52) declares `zod ^3` as its
 * peer and types its contracts with zod 3's classes (zod 4 and Standard Schema support are open work
 * upstream, ts-rest issues #793 and #743); its Fastify adapter would also replace
 * `@fastify/type-provider-zod`, which serialises our answers and builds the OpenAPI document. A table
 * of plain objects carrying our zod 4 schemas fits both ends with a few type helpers.
 *
 * Paths are written as in spec §7: relative to the API address, no leading slash, parameters in braces
 * (`profile/user/{id}`). Error codes are those of errors.ts, grouped by HTTP status (DESIGN.md §4).
 */
import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { SuccessResponseSchema } from './common.ts';
import { AllowedRedirectDomainsResponseSchema } from './redirect.ts';
import {
  CreatedResponseSchema,
  IdentifyRequestSchema,
  IdentifyResponseSchema,
  IdentityParamsSchema,
  LoginRequestSchema,
  LogoutResponseSchema,
  TokenRefreshQuerySchema,
  TokenRefreshResponseSchema,
  TokenSchema,
  TokenVerifyQuerySchema,
  TokenVerifyResponseSchema,
  UserIdParamsSchema,
  UserLoginRequestSchema,
} from './session.ts';
import {
  AccessKeyValidateRequestSchema,
  ConfirmResponseSchema,
  EmailConfirmRequestSchema,
  RegisterFormTokenResponseSchema,
  RegisterRequestSchema,
  RegisterVerifyRequestSchema,
  SendConfirmationEmailRequestSchema,
} from './register.ts';
import {
  AccountPasswordResetRequestSchema,
  EmailLinkQuerySchema,
  PasswordRecoveryCheckRequestSchema,
  PasswordRecoveryRequestSchema,
  PasswordRecoveryValidationRequestSchema,
  UpdateEmailRequestSchema,
  UpdateUsernameRequestSchema,
} from './account.ts';
import { ConnectionsResponseSchema, ProfileQuerySchema, UserSchema } from './profile.ts';
import { UpdateLocaleRequestSchema } from './locale.ts';
import {
  PartnerBlockParamsSchema,
  PartnerBlockRequestSchema,
  PartnerBlockResponseSchema,
  UnblockRequestSchema,
} from './blocks.ts';
import {
  AcceptAllCookiesRequestSchema,
  CookieCategoriesResponseSchema,
  SetCookieRequestSchema,
} from './cookies.ts';
import { CaptchaTokenRequestSchema, RecaptchaVerifyResponseSchema } from './captcha.ts';
import { NewsletterResponseSchema, OptInRequestSchema, UnsubscribeRequestSchema } from './newsletter.ts';
import {
  DeletionRequestSchema,
  DeletionTypesResponseSchema,
  PasswordValidateRequestSchema,
} from './deletion.ts';
import { SurveySubmitRequestSchema, SurveySubmitResponseSchema } from './survey.ts';
import {
  EpicGamesCallbackRequestSchema,
  LinkAuthQuerySchema,
  LinkAuthResponseSchema,
  LinkCallbackResponseSchema,
  SteamCallbackRequestSchema,
  SteamPartnerCallbackRequestSchema,
  SteamUnlinkRequestSchema,
  TwitchCallbackRequestSchema,
  UnlinkRequestSchema,
} from './linking.ts';
import {
  PartnerCallbackQuerySchema,
  PartnerCallbackResponseSchema,
  PartnerLoginUrlRequestSchema,
  PartnerParamsSchema,
  PartnerRegisterRequestSchema,
  PartnerTicketParamsSchema,
  PartnerUrlResponseSchema,
  PlayerPartnerLoginUrlQuerySchema,
  PlayerPartnerLoginUrlRequestSchema,
} from './partner.ts';
import {
  OAuthProfileQuerySchema,
  OAuthProfileResponseSchema,
  OAuthQuerySchema,
  OAuthResponseSchema,
  OAuthTokenErrorBodySchema,
  OAuthTokenRequestSchema,
  OAuthTokenResponseSchema,
} from './sso.ts';

/** HTTP methods of the table. */
export type EndpointMethod = 'GET' | 'POST' | 'DELETE';

/**
 * Who may call (DESIGN.md §4, docs/partner-api.md): `anonymous` — the api key plus the anonymous bearer
 * or a player's; `user` — the api key plus a player's bearer; `client-or-anonymous` — a partner server's
 * HTTP Basic client credentials, or the api key plus a bearer (token refresh and verify); `client` — a
 * partner server's HTTP Basic client credentials only, no api key.
 */
export type EndpointAuth = 'anonymous' | 'user' | 'client-or-anonymous' | 'client';

/** The error statuses a call may answer (DESIGN.md §4), each with the §8 error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 503;

/** A call's error codes by status. */
export type EndpointErrors = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

/**
 * The answers' schemas by status: the success answer (200 or 201, or both) and, rarely, an error answer
 * of another shape than the §8 body (POST oauth/token's RFC 6749 §5.2 body).
 */
export type EndpointResponses = Partial<Record<200 | 201 | 400 | 401, z.ZodType>>;

/** One call as the table declares it (what {@link defineEndpoint} takes). */
export interface EndpointDefinition {
  method: EndpointMethod;
  /** Spec §7's path: relative, no leading slash, parameters in braces (`log/user/{id}/log-in`). */
  path: string;
  /** Path parameters (their names are the braces' names). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON (or, for POST oauth/token, form) body. */
  body?: z.ZodType;
  responses: EndpointResponses;
  auth: EndpointAuth;
  /** Limited per IP (DESIGN.md §5): may answer 429 ERROR_RATE_LIMITED with Retry-After. */
  rateLimited?: boolean;
  /** One line for the OpenAPI operation. */
  summary: string;
  /** More, when one line is not enough. */
  description?: string;
  /**
   * The call's own error codes by status; {@link defineEndpoint} adds those every call of its kind may
   * answer (invalid field or body, api key, bearer, another player's data, rate limit, a dependency down).
   */
  errors?: EndpointErrors;
}

/** A table entry: its definition with the complete error codes and its name in {@link ENDPOINTS}. */
export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = Omit<D, 'errors'> & {
  errors: EndpointErrors;
  /** The entry's key in {@link ENDPOINTS} (the OpenAPI operationId). */
  name: string;
};

const uniq = (codes: readonly ErrorCode[]): ErrorCode[] => [...new Set(codes)];

/** The codes every call of `definition`'s kind may answer, merged with its own. */
function completeErrors(definition: EndpointDefinition): EndpointErrors {
  const errors: Record<number, ErrorCode[]> = {};
  const add = (status: ErrorStatus, ...codes: ErrorCode[]) => {
    errors[status] = uniq([...(errors[status] ?? []), ...codes]);
  };
  for (const [status, codes] of Object.entries(definition.errors ?? {})) {
    add(Number(status) as ErrorStatus, ...(codes as ErrorCode[]));
  }
  if (definition.params ?? definition.query ?? definition.body) add(400, 'ERROR_FIELD_INVALID');
  if (definition.body) add(400, 'ERROR_REQUEST_INVALID');
  if (definition.auth !== 'client')
    add(401, 'ERROR_API_KEY_INVALID', 'ERROR_UNAUTHORIZED', 'ERROR_TOKEN_INVALID');
  else add(401, 'ERROR_UNAUTHORIZED');
  if (definition.auth === 'user' && definition.path.includes('{id}')) add(403, 'ERROR_FORBIDDEN');
  if (definition.rateLimited) add(429, 'ERROR_RATE_LIMITED');
  add(503, 'ERROR_SERVICE_UNAVAILABLE');
  return errors as EndpointErrors;
}

/**
 * One call of the table, its definition kept to the letter for the types (`const` inference).
 * @returns the definition with its complete error codes (see {@link EndpointDefinition.errors}); the
 *   name is set by {@link ENDPOINTS}
 */
export function defineEndpoint<const D extends EndpointDefinition>(
  definition: D,
): Omit<D, 'errors'> & {
  errors: EndpointErrors;
} {
  return { ...definition, errors: completeErrors(definition) };
}

function named<T extends Record<string, Omit<EndpointDefinition, 'errors'> & { errors: EndpointErrors }>>(
  table: T,
): { [K in keyof T]: T[K] & { name: K } } {
  return Object.fromEntries(
    Object.entries(table).map(([name, endpoint]) => [name, { ...endpoint, name }]),
  ) as { [K in keyof T]: T[K] & { name: K } };
}

/** The path parameters' input of `E` (`undefined` when it has none). */
export type EndpointParams<E extends Endpoint> = E extends { params: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The query's input of `E`. */
export type EndpointQuery<E extends Endpoint> = E extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The body's input of `E`. */
export type EndpointBody<E extends Endpoint> = E extends { body: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;
/** The success answer's schema of `E` (its 200, else its 201). */
export type EndpointSuccessSchema<E extends Endpoint> = E['responses'] extends {
  200: infer S extends z.ZodType;
}
  ? S
  : E['responses'] extends { 201: infer S extends z.ZodType }
    ? S
    : never;
/** The parsed success answer of `E`. */
export type EndpointAnswer<E extends Endpoint> = z.output<EndpointSuccessSchema<E>>;

/** The success schema of `endpoint` for `status` (200 or 201), else its other success schema. */
export function successSchemaOf(endpoint: Endpoint, status: number): z.ZodType | undefined {
  const { responses } = endpoint;
  return (
    (status === 201 ? (responses[201] ?? responses[200]) : (responses[200] ?? responses[201])) ?? undefined
  );
}

/**
 * The address of `endpoint` relative to the API, its `{name}` parameters replaced by `params`' values,
 * URI-encoded (RFC 3986 §3.3).
 * @throws Error when a parameter of the path has no value
 */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for {${name}}`);
    return encodeURIComponent(String(value as string | number));
  });
}

/** The codes of the §8 body sent for a password the rules refuse (spec §8 password). */
const PASSWORD_RULES: readonly ErrorCode[] = [
  'ERROR_PASSWORD_EMPTY',
  'ERROR_PASSWORD_LENGTH',
  'ERROR_PASSWORD_LETTERS',
  'ERROR_PASSWORD_NUMBERS',
  'ERROR_PASSWORD_USERNAME',
  'ERROR_PASSWORD_STUDIO_RULES',
  'ERROR_CONFIRM_PASSWORD_INVALID',
];
const USERNAME_RULES: readonly ErrorCode[] = [
  'ERROR_USERNAME_LENGTH',
  'ERROR_USERNAME_PATTERN',
  'ERROR_USERNAME_LETTERS',
  'ERROR_USERNAME_EMAIL',
  'ERROR_USERNAME_EXIST',
];
const EMAIL_RULES: readonly ErrorCode[] = [
  'ERROR_EMAIL_EMPTY',
  'ERROR_EMAIL_INVALID',
  'ERROR_EMAIL_LENGTH',
  'ERROR_EMAIL_INCORRECT_FORMAT',
  'ERROR_EMAIL_DOMAIN_UNAUTHORIZED',
  'ERROR_EMAIL_DISPOSABLE_ADDRESS',
  'ERROR_EMAIL_MAILBOX_DOES_NOT_EXIST',
  'ERROR_EMAIL_HIGH_RISK',
  'ERROR_EMAIL_EXIST',
];
const CAPTCHA: readonly ErrorCode[] = ['ERROR_CAPTCHA_VERIFY_FAILED'];
const LOG_IN: readonly ErrorCode[] = [
  'ERROR_USERNAME_EMPTY',
  'ERROR_PASSWORD_EMPTY',
  'ERROR_USERNAME_PASSWORD_INCORRECT',
  'ERROR_USER_NOT_EXISTS',
  'ERROR_USER_UNKNOWN',
  'ERROR_USER_CONFIRMED',
  'ERROR_USER_BANNED',
  'ERROR_USER_IP_BANNED',
  'ERROR_CAPTCHA_LOGIN_INVALID',
  'ERROR_CAPTCHA_REQUIRED',
  ...CAPTCHA,
];
const REGISTRATION: readonly ErrorCode[] = [
  ...USERNAME_RULES,
  ...PASSWORD_RULES,
  ...EMAIL_RULES,
  'ERROR_CONFIRM_EMAIL_INVALID',
  'ERROR_FIRSTNAME_EMPTY',
  'ERROR_LASTNAME_EMPTY',
  'ERROR_DATE_OF_BIRTH_INVALID',
  'ERROR_DATE_OF_BIRTH_AGE',
  'ERROR_APPROVE_PRIVACY_POLICY',
  'ERROR_APPROVE_EULA',
  'ERROR_APPROVE_CODE_OF_CONDUCT',
  'ERROR_USER_REFERRER_NOTEXISTS',
  'ERROR_ACCESS_KEY_NON_EXISTANT',
  'ERROR_REGISTER_INVALID',
  'ERROR_REGISTER_NO_SUCCESS',
  'ERROR_REGISTER_TOKEN_EMPTY',
  'ERROR_TOO_FAST',
  'ERROR_FORM_EXPIRED',
  'ERROR_USER_IP_BANNED_REGISTER',
  'ERROR_CAPTCHA_REGISTER_INVALID',
  ...CAPTCHA,
];
const LINK: readonly ErrorCode[] = [
  'ERROR_LINK_STATE_INVALID',
  'ERROR_LINK_CANCELLED',
  'ERROR_LINK_AUTHORIZATION_INVALID',
  'ERROR_LINK_CALLBACK_INVALID',
  'ERROR_REDIRECT_NOT_ALLOWED',
  'ERROR_CONNECTION_MISMATCH',
  'ERROR_STATE_EMPTY',
];
const PARTNER_SIGN_ON: readonly ErrorCode[] = [
  'ERROR_PARTNER_UNKNOWN',
  'ERROR_PARTNER_RESPONSE_ERROR',
  'ERROR_PARTNER_SIGN_ON_INVALID',
  'ERROR_STATE_EMPTY',
  'ERROR_USER_BANNED',
  'ERROR_USER_UNKNOWN',
  'ERROR_USER_IP_BANNED_LOGIN',
];
const REAUTHENTICATION: readonly ErrorCode[] = ['ERROR_REAUTHENTICATION_REQUIRED'];

/** Every call (issue 20 §5), by name: `<method><Path in camel case>`, e.g. `postLogLogIn`. */
export const ENDPOINTS = named({
  // spec §7 Cookies, profile, tokens, redirects
  getCookie: defineEndpoint({
    method: 'GET',
    path: 'cookie',
    responses: { 200: CookieCategoriesResponseSchema },
    auth: 'anonymous',
    summary: 'The cookie categories (spec §7 GET cookie), IsAccepted as for an anonymous visitor.',
  }),
  postProfileUserSeeCookiePopup: defineEndpoint({
    method: 'POST',
    path: 'profile/user/{id}/see-cookie-popup',
    params: UserIdParamsSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary:
      'Records that the player has seen the cookie banner (spec §7 POST ' +
      'profile/user/{id}/see-cookie-popup); read back as User.IsCookiePopupSeen. Any body is ignored.',
  }),
  postCookieUserAcceptAll: defineEndpoint({
    method: 'POST',
    path: 'cookie/user/{id}/accept-all',
    params: UserIdParamsSchema,
    body: AcceptAllCookiesRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary:
      'Accepts (IsAllReject false) or refuses (true) every optional cookie category for the player ' +
      '(spec §7 POST cookie/user/{id}/accept-all).',
  }),
  getCookieUser: defineEndpoint({
    method: 'GET',
    path: 'cookie/user/{id}',
    params: UserIdParamsSchema,
    responses: { 200: CookieCategoriesResponseSchema },
    auth: 'user',
    summary: "The cookie categories with the player's choices (spec §7 GET cookie/user/{id}).",
  }),
  postCookieUserSetCookie: defineEndpoint({
    method: 'POST',
    path: 'cookie/user/{id}/set-cookie',
    params: UserIdParamsSchema,
    body: SetCookieRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary:
      "The player's choice for one cookie category (spec §7 POST cookie/user/{id}/set-cookie); a " +
      'necessary category cannot be refused.',
    errors: { 400: ['ERROR_COOKIE_NOTEXISTS', 'ERROR_COOKIE_NOT_OPTIONAL'] },
  }),
  getProfileUser: defineEndpoint({
    method: 'GET',
    path: 'profile/user/{id}',
    params: UserIdParamsSchema,
    query: ProfileQuerySchema,
    responses: { 200: UserSchema },
    auth: 'user',
    summary: 'The player with their blocked users (spec §7 GET profile/user/{id}?include=Block).',
    errors: { 404: ['ERROR_NOT_FOUND'] },
  }),
  getProfileConnects: defineEndpoint({
    method: 'GET',
    path: 'profile/connects',
    responses: { 200: ConnectionsResponseSchema },
    auth: 'user',
    summary: "The player's linked accounts (spec §7 GET profile/connects).",
  }),
  getRedirectAllowedRedirectDomains: defineEndpoint({
    method: 'GET',
    path: 'redirect/allowed-redirect-domains',
    responses: { 200: AllowedRedirectDomainsResponseSchema },
    auth: 'anonymous',
    summary: "The redirect allow-list's patterns, for the SPA's check (spec §7).",
  }),
  getTokenIdentity: defineEndpoint({
    method: 'GET',
    path: 'token/{identity}',
    params: IdentityParamsSchema,
    responses: { 200: TokenSchema },
    auth: 'anonymous',
    summary: 'The access token of a log-in identity (spec §7 GET token/{identity}); never cached.',
    errors: { 400: ['ERROR_TOKEN_INVALID', 'ERROR_TOKEN_USER_INVALID'] },
  }),
  getTokenRefresh: defineEndpoint({
    method: 'GET',
    path: 'token/refresh',
    query: TokenRefreshQuerySchema,
    responses: { 200: TokenRefreshResponseSchema },
    auth: 'client-or-anonymous',
    summary: 'A new access token for a refresh token (spec §7 GET token/refresh).',
    errors: { 400: ['ERROR_TOKEN_INVALID', 'ERROR_TOKEN_INVALID_REFRESH'] },
  }),
  getTokenVerify: defineEndpoint({
    method: 'GET',
    path: 'token/verify',
    query: TokenVerifyQuerySchema,
    responses: { 200: TokenVerifyResponseSchema },
    auth: 'client-or-anonymous',
    summary: 'Checks an access token of a client (spec §7 GET token/verify): its remaining lifetime.',
    errors: { 400: ['ERROR_TOKEN_INVALID'] },
  }),
  getOAuth: defineEndpoint({
    method: 'GET',
    path: 'oauth',
    query: OAuthQuerySchema,
    responses: { 200: OAuthResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary:
      "The hub's authorization endpoint (spec §7 GET oauth; RFC 6749 §4.1.1): where to send the player.",
    errors: {
      400: [
        'ERROR_OAUTH_CLIENT_UNKNOWN',
        'ERROR_OAUTH_REDIRECT_URI_INVALID',
        'ERROR_OAUTH_REQUEST_INVALID',
        'ERROR_REDIRECT_NOT_ALLOWED',
      ],
    },
  }),
  postOAuthToken: defineEndpoint({
    method: 'POST',
    path: 'oauth/token',
    body: OAuthTokenRequestSchema,
    responses: {
      200: OAuthTokenResponseSchema,
      400: OAuthTokenErrorBodySchema,
      401: OAuthTokenErrorBodySchema,
    },
    auth: 'client',
    summary:
      "The hub's token endpoint (RFC 6749 §4.1.3): a partner server exchanges an authorization code " +
      '(JSON or form body; errors in the RFC 6749 §5.2 shape plus the §8 ErrorMessages).',
    errors: {
      400: ['ERROR_OAUTH_GRANT_INVALID', 'ERROR_OAUTH_REQUEST_INVALID'],
      429: ['ERROR_RATE_LIMITED'],
    },
  }),
  getOAuthProfile: defineEndpoint({
    method: 'GET',
    path: 'oauth/profile',
    query: OAuthProfileQuerySchema,
    responses: { 200: OAuthProfileResponseSchema },
    auth: 'client',
    summary:
      'Partner server-to-server call (HTTP Basic client credentials): the public profile and badges ' +
      'of the player an access token of this client names (scope profile). See docs/partner-api.md.',
    errors: { 400: ['ERROR_TOKEN_INVALID'] },
  }),
  postProfileValidate: defineEndpoint({
    method: 'POST',
    path: 'profile/validate',
    body: CaptchaTokenRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Checks a captcha token (spec §7 POST profile/validate).',
    errors: { 400: CAPTCHA },
  }),

  // spec §7 Login, logout, partner
  postLogIdentify: defineEndpoint({
    method: 'POST',
    path: 'log/identify',
    body: IdentifyRequestSchema,
    responses: { 200: IdentifyResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'The first step of the log-in (spec §7 POST log/identify): who the username or e-mail names.',
    errors: { 400: LOG_IN },
  }),
  postLogLogIn: defineEndpoint({
    method: 'POST',
    path: 'log/log-in',
    body: LoginRequestSchema,
    responses: { 200: CreatedResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Logs in with username or e-mail and password (spec §7 POST log/log-in): the identity.',
    errors: { 400: LOG_IN },
  }),
  postLogUserLogIn: defineEndpoint({
    method: 'POST',
    path: 'log/user/{id}/log-in',
    params: UserIdParamsSchema,
    body: UserLoginRequestSchema,
    responses: { 200: CreatedResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'The second step of the log-in (spec §7 POST log/user/{id}/log-in): the password.',
    errors: { 400: LOG_IN },
  }),
  postLogUserLogOut: defineEndpoint({
    method: 'POST',
    path: 'log/user/{id}/log-out',
    params: UserIdParamsSchema,
    responses: { 200: LogoutResponseSchema },
    auth: 'user',
    summary: "Ends the session (spec §7 POST log/user/{id}/log-out): the partner cookie's name to remove.",
  }),
  postPartnerLoginUrl: defineEndpoint({
    method: 'POST',
    path: 'partner/login-url',
    query: PlayerPartnerLoginUrlQuerySchema,
    body: PlayerPartnerLoginUrlRequestSchema,
    responses: { 200: PartnerUrlResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: "Where a partner player signs in (spec §7 POST partner/login-url): the studio's URL.",
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  }),
  postPartnerNameLoginUrl: defineEndpoint({
    method: 'POST',
    path: 'partner/{partner}/login-url',
    params: PartnerParamsSchema,
    body: PartnerLoginUrlRequestSchema,
    responses: { 200: PartnerUrlResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: "A studio's sign-in page (spec §7 POST partner/{partner name}/login-url).",
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  }),
  getPartnerNameRegisterUrl: defineEndpoint({
    method: 'GET',
    path: 'partner/{partner}/register-url',
    params: PartnerParamsSchema,
    responses: { 200: PartnerUrlResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: "A studio's sign-up page (spec §7 GET partner/{partner}/register-url).",
    errors: {
      400: [...PARTNER_SIGN_ON, 'ERROR_USER_IP_BANNED_REGISTER'],
      503: ['ERROR_PARTNER_NOT_REACHABLE'],
    },
  }),
  getPartnerLogIn: defineEndpoint({
    method: 'GET',
    path: 'partner/log-in',
    query: PartnerCallbackQuerySchema,
    responses: { 200: PartnerCallbackResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary:
      "Completes a partner sign-on (spec §7 GET partner/log-in): the identity, or a new account's form.",
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  }),
  getFocusOAuthPartner: defineEndpoint({
    method: 'GET',
    path: 'focus/oauth/partner',
    query: PartnerCallbackQuerySchema,
    responses: { 200: PartnerCallbackResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Completes a Focus sign-on (spec §7 GET focus/oauth/partner): Created or CreateAccount.',
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  }),
  getCreativeAssemblyOAuthPartner: defineEndpoint({
    method: 'GET',
    path: 'creativeassembly/oauth/partner',
    query: PartnerCallbackQuerySchema,
    responses: { 200: PartnerCallbackResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Completes a Creative Assembly sign-on (spec §7 GET creativeassembly/oauth/partner).',
    errors: { 400: PARTNER_SIGN_ON, 503: ['ERROR_PARTNER_NOT_REACHABLE'] },
  }),
  postPartnerUserRegister: defineEndpoint({
    method: 'POST',
    path: 'partner/user/register',
    body: PartnerRegisterRequestSchema,
    responses: { 200: CreatedResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Creates the account of a partner player (spec §7 POST partner/user/register).',
    errors: { 400: [...REGISTRATION, ...PARTNER_SIGN_ON] },
  }),
  getPartnerUserLogIn: defineEndpoint({
    method: 'GET',
    path: 'partner/user/{created}/log-in',
    params: PartnerTicketParamsSchema,
    responses: { 200: CreatedResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Logs the new partner player in (spec §7 GET partner/user/{created}/log-in): the identity.',
    errors: { 400: PARTNER_SIGN_ON },
  }),

  // spec §7 Registration, recovery, email
  postRecaptchaVerify: defineEndpoint({
    method: 'POST',
    path: 'recaptcha/verify',
    body: CaptchaTokenRequestSchema,
    responses: { 200: RecaptchaVerifyResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Checks a captcha token (spec §7 POST recaptcha/verify): Success, IsValid.',
    errors: { 400: CAPTCHA },
  }),
  getRegisterFormToken: defineEndpoint({
    method: 'GET',
    path: 'register/form-token',
    responses: { 200: RegisterFormTokenResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'The registration form\'s timing token (docs/security.md "Too fast").',
  }),
  postRegisterNewUser: defineEndpoint({
    method: 'POST',
    path: 'register/new-user',
    body: RegisterRequestSchema,
    responses: { 201: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Creates an account (spec §7 POST register/new-user); a confirmation e-mail follows.',
    errors: { 400: REGISTRATION },
  }),
  postRegisterVerify: defineEndpoint({
    method: 'POST',
    path: 'register/verify',
    body: RegisterVerifyRequestSchema,
    responses: { 200: ConfirmResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Confirms a new account by its verification code (spec §7 POST register/verify).',
    errors: {
      400: [
        'ERROR_VERIFICATION_CODE_EMPTY',
        'ERROR_EMAIL_RECOVERY_NOTEXISTS',
        'ERROR_EMAIL_RECOVERY_EXPIRED',
      ],
    },
  }),
  postPasswordPasswordRecovery: defineEndpoint({
    method: 'POST',
    path: 'password/password-recovery',
    body: PasswordRecoveryRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Sends a password recovery link (spec §7 POST password/password-recovery).',
    errors: { 400: ['ERROR_EMAIL_EMPTY', 'ERROR_USER_IP_BANNED', 'ERROR_NOT_ALLOWED'] },
  }),
  postPasswordPasswordRecoveryValidation: defineEndpoint({
    method: 'POST',
    path: 'password/password-recovery-validation',
    body: PasswordRecoveryValidationRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Sets a new password from a recovery link (spec §7 POST password/password-recovery-validation).',
    errors: {
      400: [
        ...PASSWORD_RULES,
        'ERROR_PASSWORD_RECOVERY_NOTEXISTS',
        'ERROR_PASSWORD_RECOVERY_EXPIRED',
        'ERROR_USER_IP_BANNED',
        'ERROR_NOT_ALLOWED',
      ],
    },
  }),
  postPasswordPasswordRecoveryCheck: defineEndpoint({
    method: 'POST',
    path: 'password/password-recovery-check',
    body: PasswordRecoveryCheckRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Whether a recovery link is still valid, before the form shows.',
    errors: { 400: ['ERROR_PASSWORD_RECOVERY_NOTEXISTS', 'ERROR_PASSWORD_RECOVERY_EXPIRED'] },
  }),
  postPasswordPasswordReset: defineEndpoint({
    method: 'POST',
    path: 'password/password-reset',
    body: AccountPasswordResetRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: "Changes the logged-in player's password (spec §7 POST password/password-reset).",
    errors: {
      400: [...PASSWORD_RULES, 'ERROR_OLD_PASSWORD_INCORRECT', 'ERROR_NOT_ALLOWED', ...REAUTHENTICATION],
    },
  }),
  postEmailConfirm: defineEndpoint({
    method: 'POST',
    path: 'email/confirm',
    body: EmailConfirmRequestSchema,
    responses: { 200: ConfirmResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: "Confirms an account's e-mail address by the link's Uid (spec §7 POST email/confirm).",
    errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED'] },
  }),
  postEmailSendConfirmationEmail: defineEndpoint({
    method: 'POST',
    path: 'email/send-confirmation-email',
    body: SendConfirmationEmailRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Sends the confirmation e-mail again (spec §7 POST email/send-confirmation-email).',
    errors: { 400: ['ERROR_EMAIL_EMPTY', 'ERROR_USER_IP_BANNED'] },
  }),
  getEmailUpdateEmailConfirm: defineEndpoint({
    method: 'GET',
    path: 'email/update-email-confirm',
    query: EmailLinkQuerySchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Confirms an e-mail change from the link (spec §7 GET email/update-email-confirm).',
    errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED', 'ERROR_EMAIL_EXIST'] },
  }),
  getEmailUpdateEmailRecovery: defineEndpoint({
    method: 'GET',
    path: 'email/update-email-recovery',
    query: EmailLinkQuerySchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Restores the former e-mail address from the link (spec §7 GET email/update-email-recovery).',
    errors: { 400: ['ERROR_EMAIL_RECOVERY_NOTEXISTS', 'ERROR_EMAIL_RECOVERY_EXPIRED', 'ERROR_EMAIL_EXIST'] },
  }),
  postProfileUserUpdateEmail: defineEndpoint({
    method: 'POST',
    path: 'profile/user/{id}/update-email',
    params: UserIdParamsSchema,
    body: UpdateEmailRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Starts an e-mail change (spec §7 POST profile/user/{userId}/update-email).',
    errors: {
      400: [
        ...EMAIL_RULES,
        'ERROR_CONFIRM_EMAIL_INVALID',
        'ERROR_EMAIL_SAME',
        'ERROR_NOT_ALLOWED',
        ...REAUTHENTICATION,
      ],
    },
  }),
  postProfileUserUpdateUsername: defineEndpoint({
    method: 'POST',
    path: 'profile/user/{id}/update-username',
    params: UserIdParamsSchema,
    body: UpdateUsernameRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Changes the username (spec §7 POST profile/user/{userId}/update-username).',
    errors: { 400: [...USERNAME_RULES, 'ERROR_NOT_ALLOWED'] },
  }),
  postProfileUserUpdateLocale: defineEndpoint({
    method: 'POST',
    path: 'profile/user/{id}/update-locale',
    params: UserIdParamsSchema,
    body: UpdateLocaleRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary: "Saves the player's language (issue 19 §7, the footer's switcher).",
    description:
      "Saves the player's language (issue 19 §7, the footer's switcher): read back as User.Locale; " +
      'e-mails use it first, and reference data when a call names no language.',
  }),
  postAccessKeyValidate: defineEndpoint({
    method: 'POST',
    path: 'accesskey/validate',
    body: AccessKeyValidateRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: 'Checks an access key (spec §7 POST accesskey/validate).',
    errors: {
      400: [
        'ERROR_ACCESS_KEY_NON_EXISTANT',
        'ERROR_ACCESS_KEY_ALREADY_USED',
        'ERROR_NOT_ALLOWED',
        'ERROR_USER_IP_BANNED',
      ],
    },
  }),

  // spec §7 Newsletter, deletion, blocking, survey
  getNewsletter: defineEndpoint({
    method: 'GET',
    path: 'newsletter',
    responses: { 200: NewsletterResponseSchema },
    auth: 'user',
    summary: "The newsletter lists and the player's opt-ins (spec §7 GET newsletter).",
  }),
  postNewsletterOptInUser: defineEndpoint({
    method: 'POST',
    path: 'newsletter/optin-user',
    body: OptInRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Opts the player in or out of a list (spec §7 POST newsletter/optin-user).',
    errors: { 400: ['ERROR_OPTIN_NOT_EXISTS', 'ERROR_OPTIN', 'ERROR_NOT_ALLOWED'] },
  }),
  postNewsletterUnsubscribe: defineEndpoint({
    method: 'POST',
    path: 'newsletter/unsubscribe',
    body: UnsubscribeRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'anonymous',
    rateLimited: true,
    summary: "Unsubscribes by an e-mail's unsubscribe link (RFC 8058).",
    errors: { 400: ['ERROR_UNSUBSCRIBE_INVALID'] },
  }),
  getDeletionTypes: defineEndpoint({
    method: 'GET',
    path: 'deletion/types',
    responses: { 200: DeletionTypesResponseSchema },
    auth: 'anonymous',
    summary: 'The reasons a player may give for deleting the account (spec §7 GET deletion/types).',
  }),
  postPasswordValidateUser: defineEndpoint({
    method: 'POST',
    path: 'password/validate/user/{id}',
    params: UserIdParamsSchema,
    body: PasswordValidateRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: "Checks the player's password (spec §7 POST password/validate/user/{userId}).",
    errors: { 400: ['ERROR_PASSWORD_EMPTY', 'ERROR_PASSWORD_INCORRECT'] },
  }),
  postDeletionUser: defineEndpoint({
    method: 'POST',
    path: 'deletion/user/{id}',
    params: UserIdParamsSchema,
    body: DeletionRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Deletes the account after a password check (spec §7 POST deletion/user/{userId}).',
    errors: {
      400: [
        'ERROR_PASSWORD_EMPTY',
        'ERROR_PASSWORD_INCORRECT',
        'ERROR_EMAIL_UNKNOWN',
        'ERROR_DELETION_TYPE_NOTEXISTS',
        'ERROR_DELETION_REASON_EMPTY',
        'ERROR_DELETION_REASON_LENGTH',
        'ERROR_NOT_ALLOWED',
      ],
    },
  }),
  postDeletionPartnerUser: defineEndpoint({
    method: 'POST',
    path: 'deletion/partner/user/{id}',
    params: UserIdParamsSchema,
    body: DeletionRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Deletes the account without a password check (spec §7 POST deletion/partner/user/{userId}).',
    errors: {
      400: [
        'ERROR_EMAIL_UNKNOWN',
        'ERROR_DELETION_TYPE_NOTEXISTS',
        'ERROR_DELETION_REASON_EMPTY',
        'ERROR_DELETION_REASON_LENGTH',
        'ERROR_NOT_ALLOWED',
      ],
    },
  }),
  postUnblock: defineEndpoint({
    method: 'POST',
    path: 'unblock',
    body: UnblockRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary: 'The logged-in player unblocks a player of their blocked list (spec §7 POST unblock).',
    errors: { 400: ['ERROR_USER_NOT_BLOCKED'] },
  }),
  postBlocks: defineEndpoint({
    method: 'POST',
    path: 'blocks',
    body: PartnerBlockRequestSchema,
    responses: { 200: PartnerBlockResponseSchema, 201: PartnerBlockResponseSchema },
    auth: 'client',
    summary:
      'Partner server-to-server call (HTTP Basic client credentials): player userId blocked player ' +
      'userBlockedId. Idempotent. See docs/partner-api.md.',
    errors: { 400: ['ERROR_BLOCK_SELF', 'ERROR_USER_UNKNOWN'] },
  }),
  deleteBlocks: defineEndpoint({
    method: 'DELETE',
    path: 'blocks/{userId}/{userBlockedId}',
    params: PartnerBlockParamsSchema,
    responses: { 200: PartnerBlockResponseSchema },
    auth: 'client',
    summary:
      'Partner server-to-server call (HTTP Basic client credentials): player userId no longer ' +
      'blocks player userBlockedId. Idempotent. See docs/partner-api.md.',
    errors: { 400: ['ERROR_USER_UNKNOWN'] },
  }),
  postSurveyQualification: defineEndpoint({
    method: 'POST',
    path: 'survey/qualification',
    body: SurveySubmitRequestSchema,
    responses: { 200: SurveySubmitResponseSchema },
    auth: 'user',
    summary:
      'The logged-in player submits the profiling survey (spec §7 POST survey/qualification); the ' +
      'first submission earns the Profiler Badge, a later one replaces the answers.',
    errors: {
      400: ['ERROR_SURVEY_ANSWER_REQUIRED', 'ERROR_SURVEY_STEAM_REQUIRED', 'ERROR_SURVEY_PLAYER_MISMATCH'],
    },
  }),

  // spec §7 Linking
  getSteamAuth: defineEndpoint({
    method: 'GET',
    path: 'steam/auth',
    query: LinkAuthQuerySchema,
    responses: { 200: LinkAuthResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Where to link a Steam account (spec §7 GET steam/auth).',
    errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_STEAM_LINK'] },
  }),
  postSteamCallback: defineEndpoint({
    method: 'POST',
    path: 'steam/callback',
    body: SteamCallbackRequestSchema,
    responses: { 200: LinkCallbackResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: "Completes a Steam link with the callback page's query (spec §7 POST steam/callback).",
    errors: {
      400: [
        ...LINK,
        'ERROR_OPENID_UNAUTHORIZED',
        'ERROR_USER_STEAM_EXIST',
        'ERROR_USER_IP_BANNED_STEAM_LINK',
      ],
      503: ['ERROR_STEAM_NOT_REACHABLE'],
    },
  }),
  postSteamPartnerCallback: defineEndpoint({
    method: 'POST',
    path: 'steam/partner/callback',
    body: SteamPartnerCallbackRequestSchema,
    responses: { 200: LinkCallbackResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: "Completes a Steam link started by a partner's page (spec §7 POST steam/partner/callback).",
    errors: {
      400: [
        ...LINK,
        'ERROR_OPENID_UNAUTHORIZED',
        'ERROR_USER_STEAM_EXIST',
        'ERROR_USER_IP_BANNED_STEAM_LINK',
      ],
      503: ['ERROR_STEAM_NOT_REACHABLE'],
    },
  }),
  postSteamUnlink: defineEndpoint({
    method: 'POST',
    path: 'steam/unlink',
    body: SteamUnlinkRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary: 'Unlinks the Steam account (spec §7 POST steam/unlink).',
  }),
  getEpicGamesAuth: defineEndpoint({
    method: 'GET',
    path: 'epicgames/auth',
    query: LinkAuthQuerySchema,
    responses: { 200: LinkAuthResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Where to link an Epic Games account (spec §7 GET epicgames/auth).',
    errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_EPICGAMES_LINK'], 503: ['ERROR_EPICGAMES_NOT_REACHABLE'] },
  }),
  postEpicGamesCallback: defineEndpoint({
    method: 'POST',
    path: 'epicgames/callback',
    body: EpicGamesCallbackRequestSchema,
    responses: { 200: LinkCallbackResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Completes an Epic Games link (spec §7 POST epicgames/callback).',
    errors: {
      400: [...LINK, 'ERROR_USER_EPICGAMES_EXIST', 'ERROR_USER_IP_BANNED_EPICGAMES_LINK'],
      503: ['ERROR_EPICGAMES_NOT_REACHABLE'],
    },
  }),
  postEpicGamesUnlink: defineEndpoint({
    method: 'POST',
    path: 'epicgames/unlink',
    body: UnlinkRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary: 'Unlinks the Epic Games account (spec §7 POST epicgames/unlink).',
  }),
  getTwitchAuth: defineEndpoint({
    method: 'GET',
    path: 'twitch/auth',
    query: LinkAuthQuerySchema,
    responses: { 200: LinkAuthResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Where to link a Twitch account (spec §7 GET twitch/auth).',
    errors: { 400: [...LINK, 'ERROR_USER_IP_BANNED_TWITCH_LINK'], 503: ['ERROR_TWITCH_NOT_REACHABLE'] },
  }),
  postTwitchCallback: defineEndpoint({
    method: 'POST',
    path: 'twitch/callback',
    body: TwitchCallbackRequestSchema,
    responses: { 200: LinkCallbackResponseSchema },
    auth: 'user',
    rateLimited: true,
    summary: 'Completes a Twitch link (spec §7 POST twitch/callback).',
    errors: {
      400: [...LINK, 'ERROR_USER_TWITCH_EXIST', 'ERROR_USER_IP_BANNED_TWITCH_LINK'],
      503: ['ERROR_TWITCH_NOT_REACHABLE'],
    },
  }),
  postTwitchUnlink: defineEndpoint({
    method: 'POST',
    path: 'twitch/unlink',
    body: UnlinkRequestSchema,
    responses: { 200: SuccessResponseSchema },
    auth: 'user',
    summary: 'Unlinks the Twitch account (spec §7 POST twitch/unlink).',
  }),
});

/** The name of a call of {@link ENDPOINTS}. */
export type EndpointName = keyof typeof ENDPOINTS;
