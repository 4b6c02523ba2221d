/**
 * Table types of the store (Kysely). Portable across SQLite and PostgreSQL: timestamps are ISO 8601
 * UTC strings (text), booleans are integers 0/1, ids are integers or text.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  /** Public account id (UUID): the spec's Id_User, used in paths. */
  id_user: string;
  username: string;
  // Unique (0001); on PostgreSQL also indexed `collate "C"` (migration 0026): the console's prefix search.
  username_normalized: string;
  email: string;
  email_normalized: string;
  password_hash: string | null;
  firstname: string;
  lastname: string | null;
  date_of_birth: string | null;
  avatar_url: string;
  titles: string;
  auth_type: number;
  auth_partner: string | null;
  /** The player's id at the partner's sign-on (OIDC `sub`, spec §3 SSO id); unique per partner. */
  // Indexed alone too (migration 0026, `users_sso_id`): the console's search by subject, any partner.
  sso_id: string | null;
  steam_check: number;
  is_cookie_popup_seen: number;
  newsletter_optin: number;
  referrer_user_id: number | null;
  studio_name: string | null;
  client_id: string | null;
  email_confirmed_at: string | null;
  banned_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * The player's saved language, 'en' | 'fr' (migration 0016; lib/locale.ts): set at registration from
   * the request's Accept-Language and by POST profile/user/{userId}/update-locale; null when never known.
   */
  locale: string | null;
  /**
   * When the player last forgot their known devices ("This wasn't me", POST account/secure; migration
   * 0022), ISO 8601 UTC: device cookies signed before it are not known devices any more. Null: never.
   */
  devices_forgotten_at: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  /** 'register' | later: 'password_recovery', 'email_update_confirm', 'email_update_recovery'. */
  purpose: string;
  token_hash: string;
  /** JSON text with purpose-specific data (e.g. the allowed redirect address). */
  payload: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  identity_hash: string;
  client_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Expiry of the last access token minted for this session. */
  access_expires_at: string | null;
  ip: string | null;
  user_agent: string | null;
  /** When the player last proved their password on this session (migration 0013; OIDC `auth_time`). */
  auth_time: string | null;
  /**
   * When the session last got tokens (migration 0015): a session unused for SESSION_IDLE_DAYS has ended.
   * Null only in rows written by an older node during an upgrade (taken as unused).
   */
  last_used_at: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when rotated through token/refresh; presenting it again revokes the session (reuse). */
  used_at: string | null;
  /** Set when superseded or revoked without use. */
  revoked_at: string | null;
  /**
   * The refresh token that replaced this one when it was used, sealed under a key derived from this
   * one (migration 0011): a reuse within the grace interval gets the same successor.
   */
  successor_sealed: string | null;
}

export interface SigningKeysTable {
  kid: string;
  /**
   * The key's algorithm (migration 0017): `EdDSA` (Ed25519, the access tokens' key) or `RS256` (the
   * OpenID Provider's ID-token key, OIDC Core §15.1).
   */
  alg: ColumnType<string, string | undefined, never>;
  /**
   * The private key's JWK JSON, sealed under the key-encryption keys
   * (lib/envelope-encryption.ts, `gge1:…`); plain JSON only in stores not yet opened by this version.
   */
  private_jwk: string;
  created_at: string;
  /** When the key starts signing (migration 0017), ISO 8601 UTC; null: since `created_at`. */
  activates_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the key leaves the JWKS (migration 0017), ISO 8601 UTC; null: not planned. */
  retires_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * One object of the OpenID Provider (migration 0017; modules/oidc/adapter.ts): `model` is oidc-provider's
 * model name (Session, Grant, AccessToken, …), `id_hash` the SHA-256 of its id.
 */
export interface OidcPayloadsTable {
  model: string;
  id_hash: string;
  /** The provider's payload as JSON, without its `jti` (the id itself). */
  payload: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  /** The player's public id (`users.id_user`) the object belongs to, if any. */
  account_id: string | null;
  /** The client the object belongs to (its payload's `clientId`; migration 0019), if any. */
  client_id: string | null;
  /** ISO 8601 UTC; null: no expiry. */
  expires_at: string | null;
  /** When a code or refresh token was used (ISO 8601 UTC). */
  consumed_at: string | null;
}

export interface RedirectPatternsTable {
  id: Generated<number>;
  pattern: string;
}

export interface OauthClientsTable {
  client_id: string;
  name: string;
  /** JSON array of registered redirect URIs. */
  redirect_uris: string;
  created_at: string;
  /**
   * SHA-256 (hex) of the client secret of the partner server-to-server calls (migration 0002);
   * null: the client cannot authenticate server to server.
   */
  client_secret_hash: string | null;
  /** JSON array of the URIs RP-initiated log-out may return to (migration 0018). */
  post_logout_redirect_uris: Generated<string>;
  /** Where back-channel log-out tokens are POSTed (migration 0018); null: none. */
  backchannel_logout_uri: string | null;
  /** 1: the hub's own site, no consent page; 0: a third party's (migration 0018). */
  first_party: Generated<number>;
  /** `client_secret_basic`, `client_secret_post` or `none` (a public client; migration 0018). */
  token_endpoint_auth_method: Generated<string>;
  /** JSON array of the client's grants, e.g. `["authorization_code","refresh_token"]` (migration 0018). */
  grant_types: Generated<string>;
  /** When it was last changed (an update or a secret rotation), ISO 8601 UTC; null: never (migration 0028). */
  updated_at: Generated<string | null>;
}

export interface CookieCategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  is_active: number;
  is_optional: number;
}

export interface NewsletterListsTable {
  id: Generated<number>;
  name: string;
}

export interface DeletionTypesTable {
  id: Generated<number>;
  description: string;
  is_other: number;
}

/**
 * A cookie category's texts in a locale other than English (migration 0016); the English ones are the
 * category's own `name` and `description`.
 */
export interface CookieCategoryTranslationsTable {
  cookie_id: number;
  locale: string;
  name: string;
  description: string;
}

/** A newsletter list's name in a locale other than English (migration 0016). */
export interface NewsletterListTranslationsTable {
  list_id: number;
  locale: string;
  name: string;
}

/** A deletion type's description in a locale other than English (migration 0016). */
export interface DeletionTypeTranslationsTable {
  deletion_type_id: number;
  locale: string;
  description: string;
}

export interface ConnectionProvidersTable {
  id: Generated<number>;
  canonical_name: string;
  name: string;
  icon: string;
}

export interface UserConnectionsTable {
  id: Generated<number>;
  user_id: number;
  provider_id: number;
  account_id: string;
  connect_name: string | null;
  avatar: string | null;
  last_check: string | null;
  created_at: string;
}

export interface BlocksTable {
  id: Generated<number>;
  user_id: number;
  blocked_user_id: number;
  created_at: string;
}

export interface AuditEventsTable {
  id: Generated<number>;
  user_id: number | null;
  type: string;
  ip: string | null;
  detail: string | null;
  created_at: string;
}

/** A list a player receives (migration 0003; spec §3 Newsletter opt-in). */
export interface UserNewsletterOptinsTable {
  id: Generated<number>;
  user_id: number;
  list_id: number;
  created_at: string;
}

/** Why an account was deleted, without any link to the player (migration 0003; spec §4 Deletion). */
export interface DeletionFeedbackTable {
  id: Generated<number>;
  deletion_type_id: number | null;
  reason: string | null;
  created_at: string;
}

/**
 * A player's choice for one cookie category (migration 0004; spec §4 Cookie consent, §7
 * cookie/user/{id}); one row per (user_id, cookie_id).
 */
export interface UserCookieConsentsTable {
  user_id: number;
  cookie_id: number;
  /** 1 accepted, 0 refused. */
  is_accepted: number;
  updated_at: string;
}

/** A single-use registration key (migration 0005; spec §2 /access-key). */
export interface AccessKeysTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the key; the key itself is shown once, when created. */
  key_hash: string;
  note: string | null;
  created_at: string;
  expires_at: string | null;
  used_at: string | null;
  used_by_user_id: number | null;
  /** When an admin revoked the key before use (migration 0029; ISO 8601 UTC), else null. */
  revoked_at: string | null;
}

/** A banned address or range (migration 0006; spec §6). */
export interface BannedIpsTable {
  id: Generated<number>;
  /** An address (`203.0.113.7`, `2001:db8::1`) or a CIDR range (`203.0.113.0/24`), canonical. */
  cidr: string;
  reason: string | null;
  created_at: string;
  /** null: until lifted. */
  expires_at: string | null;
}

/**
 * A pending provider link (migration 0007; spec §4 Linking a provider), found by the SHA-256 of its
 * `state` handle; single use, short-lived.
 */
/** Migration 0023: a player's authenticator app (issue 22 §1). */
export interface SecondFactorsTable {
  user_id: number;
  /** `totp`. */
  kind: string;
  /** The base32 RFC 6238 secret, sealed with the key ring (context `second_factors:<user_id>`). */
  secret_sealed: string;
  /** Null while the enrolment is pending. */
  confirmed_at: string | null;
  /** The last accepted 30-second step (a code is never accepted twice). */
  last_used_step: number | null;
  created_at: string;
}

/** Migration 0023: single-use recovery codes (issue 22 §2), as SHA-256 digests. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** Migration 0023: the log-in's pending second step (issue 22 §4). */
export interface SecondFactorTicketsTable {
  ticket_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  failures: Generated<number>;
  used_at: string | null;
}

/** Migration 0024: a player's passkey (WebAuthn credential; issue 22 §3). */
export interface PasskeysTable {
  /** Our public id of the passkey (not the credential id). */
  id: string;
  user_id: number;
  /** The credential id, base64url (WebAuthn §4 Credential ID). */
  credential_id: string;
  /** The credential public key (COSE_Key, RFC 9053), base64url. */
  public_key: string;
  /** The last signature counter seen (WebAuthn §6.1.1); PostgreSQL answers a bigint as a string. */
  sign_count: ColumnType<number | string, number, number>;
  /** JSON array of the authenticator's transports (`internal`, `hybrid`, `usb`, …). */
  transports: string;
  name: string;
  /** 1 when the credential is backed up (synced between devices; the BS flag). */
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}

/** Migration 0024: a WebAuthn challenge handed out, single use (issue 22 §3). */
export interface WebauthnChallengesTable {
  /** SHA-256 of the base64url challenge. */
  challenge_hash: string;
  /** `registration` or `authentication`. */
  purpose: string;
  /** The player (registration, second step); null for a passwordless log-in. */
  user_id: number | null;
  /** The second step's ticket digest (second_factor_tickets.ticket_hash), if any. */
  ticket_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * Migration 0025: a staff member's role (issue 24, the operator console): one per player; who granted
 * it — `operator command` or the granting staff member's Id_User (`[deleted]` once erased) — and when.
 */
export interface StaffRolesTable {
  user_id: number;
  /** `admin` | `support` | `viewer` (contracts `STAFF_ROLES`; checked by the store). */
  role: string;
  granted_by: string;
  granted_at: string;
}

/**
 * Migration 0025: one event of the staff audit trail (issue 24; modules/audit/staff-audit.ts): who did
 * it (`actor_kind` `staff` | `operator`; the staff member, null once erased), the player it concerns
 * (null once erased), what changed (JSON `detail`, never an id or a secret), the request's address.
 */
export interface StaffAuditEventsTable {
  id: Generated<number>;
  type: string;
  actor_kind: string;
  actor_user_id: number | null;
  target_user_id: number | null;
  detail: string;
  ip: string | null;
  created_at: string;
}

export interface LinkStatesTable {
  state_hash: string;
  user_id: number;
  /** The session that started the link; only it may complete it. */
  session_id: string;
  /** steam, twitch or epic-games (spec §3 Connection CanonicalName). */
  provider: string;
  /** Where the provider sends the browser back (Steam's `return_to`, OAuth's `redirect_uri`). */
  redirect_uri: string;
  /** PKCE code_verifier (RFC 7636), OAuth providers only. */
  code_verifier: string | null;
  /** OIDC nonce, OAuth providers only. */
  nonce: string | null;
  /** The partner site to return to, already allow-listed (spec §4 "the stored redirectUrl"). */
  redirect_url: string | null;
  /** The verified provider account (JSON {accountId, connectName, avatar}) when the API redeemed it. */
  account_json: string | null;
  /** The §8 code when the API-side redemption failed, for the SPA's completing call to answer. */
  error_code: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * A partner sign-on (migration 0008; spec §1, §4 partner registration flow), found by the SHA-256 of its
 * `state`; then, for a new player, by that state again at registration, and by `ticket_hash` at the
 * automatic log-in. Single use at each step, short-lived (`expires_at`).
 */
export interface PartnerSignOnsTable {
  state_hash: string;
  /** Partner key: creative-assembly or focus. */
  partner: string;
  /** Our callback the partner sends the browser back to (OAuth `redirect_uri`). */
  redirect_uri: string;
  /** PKCE code_verifier (RFC 7636). */
  code_verifier: string;
  /** OIDC nonce. */
  nonce: string;
  /** The OAuth client the session will be issued to (spec §3 login form ClientId), if any. */
  client_id: string | null;
  /** The verified identity of a new player (JSON {sub, email, username}) waiting for registration. */
  identity_json: string | null;
  /** SHA-256 of the single-use log-in ticket issued by registration (spec §7 partner/user/{created}/log-in). */
  ticket_hash: string | null;
  created_at: string;
  expires_at: string;
  /** When the partner's answer was redeemed (the state is then used). */
  callback_at: string | null;
  registered_at: string | null;
  ticket_used_at: string | null;
}

/**
 * A player's answers to the profiling survey (migration 0010; spec §3 Survey answers, §7 POST
 * survey/qualification): one row per player, replaced by a later submission.
 */
export interface SurveyResponsesTable {
  user_id: number;
  /** The linked Steam account's SteamID at submission (spec §5 "only if a PC game store connection exists"). */
  steam_id: string;
  /** The player's username at submission. */
  username: string;
  /** JSON of the normalized answers (modules/survey `StoredSurveyAnswers`). */
  answers: string;
  /** The first submission. */
  submitted_at: string;
  /** The latest submission. */
  updated_at: string;
}

/** A badge a player earned (migration 0010; spec §2 Survey reward); one row per (user_id, badge). */
export interface UserBadgesTable {
  user_id: number;
  /** The badge's name, e.g. 'Profiler' (contracts `PROFILER_BADGE`). */
  badge: string;
  awarded_at: string;
}

/**
 * The transactional outbox of e-mails (migration 0014; modules/outbound-mail/outbox.ts): one row per message,
 * written with the change that causes it, delivered by the nodes' workers.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** RFC 5322 Message-ID the message carries, `<uuid@domain>`. */
  message_id: string;
  /** What the message is (modules/outbound-mail/outbox.ts `MailKind`). */
  kind: string;
  /** The player it belongs to (null: nobody's); the row goes with the player. */
  user_id: number | null;
  recipient: string;
  /** JSON of the action mail's input (modules/outbound-mail/templates.ts `ActionMailInput`); null once sent. */
  content: string | null;
  /** 'pending' | 'sent' | 'dead' (modules/outbound-mail/outbox.ts `OutboxStatus`). */
  status: string;
  /** Delivery attempts started (counted when a worker claims the row). */
  attempts: number;
  /** Not to be claimed before this instant (the back-off after a failure). */
  next_attempt_at: string;
  /** The lease of the worker delivering it: another may claim it once this has passed. */
  claimed_until: string | null;
  /** Why the last attempt failed (links and URLs removed), for operators. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The whole store, as Kysely sees it. */
/**
 * rate-limiter-flexible's PostgreSQL store (migration 0012; lib/rate-limits.ts): points consumed by a key
 * (its limiter's prefix included) until `expire` (ms since the epoch; bigint, read back as text by pg).
 */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | number | null;
}

export interface Database {
  rate_limits: RateLimitsTable;
  users: UsersTable;
  email_tokens: EmailTokensTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  signing_keys: SigningKeysTable;
  redirect_patterns: RedirectPatternsTable;
  oauth_clients: OauthClientsTable;
  partner_sign_ons: PartnerSignOnsTable;
  cookie_categories: CookieCategoriesTable;
  newsletter_lists: NewsletterListsTable;
  deletion_types: DeletionTypesTable;
  cookie_category_translations: CookieCategoryTranslationsTable;
  newsletter_list_translations: NewsletterListTranslationsTable;
  deletion_type_translations: DeletionTypeTranslationsTable;
  connection_providers: ConnectionProvidersTable;
  user_connections: UserConnectionsTable;
  blocks: BlocksTable;
  audit_events: AuditEventsTable;
  user_newsletter_optins: UserNewsletterOptinsTable;
  deletion_feedback: DeletionFeedbackTable;
  access_keys: AccessKeysTable;
  banned_ips: BannedIpsTable;
  user_cookie_consents: UserCookieConsentsTable;
  link_states: LinkStatesTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  second_factor_tickets: SecondFactorTicketsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  staff_roles: StaffRolesTable;
  staff_audit_events: StaffAuditEventsTable;
  survey_responses: SurveyResponsesTable;
  user_badges: UserBadgesTable;
  mail_outbox: MailOutboxTable;
  oidc_payloads: OidcPayloadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
