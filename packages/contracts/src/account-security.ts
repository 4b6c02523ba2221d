/**
 * The account's Security page (issue 22 §5 "Where you're signed in", §7 "Recent activity"): the player's
 * active portal sessions, signing them out, and their own security events of the last 90 days.
 * Times are ISO 8601 UTC; an IP is the address the API saw (`TRUST_PROXY`); a device is what the
 * session's or event's `User-Agent` names, parsed by the API (ua-parser-js 1.x), every part null when
 * unknown.
 */
import { z } from 'zod';

/** How many days of security events GET account/activity goes back (issue 22 §7). */
export const ACTIVITY_WINDOW_DAYS = 90;
/** The default and largest page of GET account/activity. */
export const ACTIVITY_PAGE = { default: 20, max: 50 } as const;
/** Upper bound of a session id as callers send it (sessions.id is a UUID: 36 characters). */
const MAX_SESSION_ID_LENGTH = 64;
/** Upper bound of an activity cursor as callers send it (base64url of an ISO time and an event id). */
const MAX_CURSOR_LENGTH = 128;

/** The device a `User-Agent` names (ua-parser-js 1.x), each part null when it does not say. */
export const DeviceSchema = z.object({
  /** Browser name and major version, e.g. `Chrome 131`. */
  Browser: z.string().nullable(),
  /** Operating system and version, e.g. `Windows 10`, `iOS 17.5`. */
  Os: z.string().nullable(),
  /** The device type: `desktop` when the agent names none, else ua-parser-js's `mobile`, `tablet`, … */
  Type: z.string().nullable(),
  /** Vendor and model when the agent names them, e.g. `Apple iPhone`. */
  Model: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** One active portal session of the player (GET account/sessions). */
export const AccountSessionSchema = z.object({
  /**
   * The session's id (`sessions.id`, a random UUID; the access tokens' `sid`). Not a credential: the
   * identity handle and the tokens are what sign in, and no call takes this id but the player's own
   * sign-out calls below.
   */
  SessionId: z.string(),
  /** The device the session was opened on (its log-in's `User-Agent`). */
  Device: DeviceSchema,
  /** The IP the session was opened from, or null. */
  Ip: z.string().nullable(),
  /** When the player signed in (the session's creation). */
  CreatedAt: z.string(),
  /** When the session last got tokens (log-in, GET token/{identity}, GET token/refresh). */
  LastUsedAt: z.string(),
  /** The caller's own session ("This device"). */
  Current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

/** GET account/sessions: the active sessions, the caller's own first, then most recently used first. */
export const AccountSessionsResponseSchema = z.array(AccountSessionSchema);
export type AccountSessionsResponse = z.infer<typeof AccountSessionsResponseSchema>;

/** POST account/sessions/{sessionId}/sign-out path parameters. */
export const AccountSessionParamsSchema = z.object({
  sessionId: z.string().min(1).max(MAX_SESSION_ID_LENGTH),
});
export type AccountSessionParams = z.infer<typeof AccountSessionParamsSchema>;

/** POST account/sessions/sign-out-others: how many sessions were signed out. */
export const SignOutOthersResponseSchema = z.object({ SignedOut: z.number().int().min(0) });
export type SignOutOthersResponse = z.infer<typeof SignOutOthersResponseSchema>;

/**
 * The security events a player sees (issue 22 §7), each shown with its own label: log-ins and their
 * failures (a wrong password, and a wrong code or passkey at the log-in's second step or at the step-up of a
 * sensitive change), log-outs and remote sign-outs, password and e-mail changes, connections, sign-ins through a
 * partner studio and at sites of the hub's OpenID Provider, and connected sites removed.
 */
export const ACTIVITY_TYPES = [
  'session.created',
  'session.logged_out',
  'session.signed_out_remotely',
  'session.signed_out_others',
  'login.failed',
  'login.second_factor_failed',
  'reauthentication.second_factor_failed',
  'partner.signed_in',
  'password.changed',
  'password.recovered',
  'email.update_requested',
  'email.updated',
  'email.recovered',
  'connection.linked',
  'connection.unlinked',
  'oidc.code_issued',
  'connected-site.removed',
  'second_factor.added',
  'second_factor.removed',
  'recovery_codes.regenerated',
  'recovery_code.used',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** GET account/activity query: the page size and where the previous page ended. */
export const ActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE.max).default(ACTIVITY_PAGE.default),
  /** The previous page's `NextCursor`; absent for the newest events. */
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional(),
});
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;

/** One security event of the player (a small safe shape of `audit_events`: never its raw detail). */
export const ActivityEventSchema = z.object({
  Type: z.enum(ACTIVITY_TYPES),
  /** When it happened. */
  At: z.string(),
  /** The IP of the request that caused it, or null. */
  Ip: z.string().nullable(),
  /** The device of that request when the event recorded its `User-Agent`, else null. */
  Device: DeviceSchema.nullable(),
  /** The site or client concerned (a partner site's client id, a provider's name, a studio), or null. */
  Client: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

/** GET account/activity: newest first; `NextCursor` null on the last page. */
export const ActivityResponseSchema = z.object({
  Events: z.array(ActivityEventSchema),
  NextCursor: z.string().nullable(),
});
export type ActivityResponse = z.infer<typeof ActivityResponseSchema>;
