/**
 * The operator console's API (issue 24, slice 1; docs/operations.md "Staff and the operator console";
 * docs/security.md "Staff and the admin API"): staff roles, what each role may do, the staff list, and
 * the staff audit trail, under `admin/…` (`/api/admin/…`). Staff are players with a role, granted by
 * an operator command (`npm run staff -- grant <username|email> <role>`) or by an admin in the console.
 * Every call needs the player's portal bearer, a staff role, a second factor in use and a full
 * authentication of the session (password and second factor, or a passkey) within
 * `STAFF_SESSION_MAX_AGE_SECONDS`; refusals answer 403 with the §8 body (endpoints.ts, auth `staff`).
 * Field names are PascalCase, as the spec's calls; times ISO 8601 UTC; players are named by their
 * public `Id_User` (never the store's internal number).
 */
import { z } from 'zod';

/** The staff roles, highest first (issue 24): `admin` everything, `support` players and the support actions, `viewer` read only. */
export const STAFF_ROLES = ['admin', 'support', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const StaffRoleSchema = z.enum(STAFF_ROLES);

/** A role's rank in the order admin > support > viewer (higher may do more). */
const RANK: Readonly<Record<StaffRole, number>> = { admin: 3, support: 2, viewer: 1 };

/** Is `role` at least `minimum` in the order admin > support > viewer? */
export function roleAtLeast(role: StaffRole, minimum: StaffRole): boolean {
  return RANK[role] >= RANK[minimum];
}

/**
 * What the console lets staff do, each with the lowest role that may (issue 24): the API checks the
 * permission of each admin call, GET admin/me lists the caller's so the SPA hides what they may not do.
 * - `players.read`: find and look at players (GET admin/players, GET admin/players/{idUser});
 * - `audit.read`: read the staff audit trail (GET admin/audit);
 * - `reports.read`: the dashboard and the reports (counts per day, deletion reasons, survey export);
 * - `platform.read`: read the platform settings (partner clients, redirect allow-list, access keys,
 *   banned addresses, newsletter lists, cookie categories);
 * - `players.support`: the support actions on a player (POST admin/players/{idUser}/…);
 * - `platform.manage`: change the platform settings;
 * - `players.export`: export players' personal data in bulk (the survey answers as CSV, access keys);
 * - `staff.manage`: list staff, grant, change and revoke roles (GET/PUT/DELETE admin/staff…).
 */
export const STAFF_PERMISSIONS = {
  'players.read': 'viewer',
  'audit.read': 'viewer',
  'reports.read': 'viewer',
  'platform.read': 'viewer',
  'players.support': 'support',
  'platform.manage': 'admin',
  'players.export': 'admin',
  'staff.manage': 'admin',
} as const satisfies Record<string, StaffRole>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;
export const StaffPermissionSchema = z.enum(
  Object.keys(STAFF_PERMISSIONS) as [StaffPermission, ...StaffPermission[]],
);

/** May `role` do `permission` ({@link STAFF_PERMISSIONS})? */
export function roleAllows(role: StaffRole, permission: StaffPermission): boolean {
  return roleAtLeast(role, STAFF_PERMISSIONS[permission]);
}

/** Every permission of `role`, in the order of {@link STAFF_PERMISSIONS}. */
export function permissionsOf(role: StaffRole): StaffPermission[] {
  return (Object.keys(STAFF_PERMISSIONS) as StaffPermission[]).filter((p) => roleAllows(role, p));
}

/**
 * The staff audit trail's event types (issue 24), all named `staff.…`: roles granted, changed and
 * revoked; the support actions on a player; and the platform settings' changes (`staff.client_…`,
 * `staff.redirect_pattern_…`, `staff.access_keys_…`, `staff.ip_ban_…`, `staff.newsletter_list_…`,
 * `staff.cookie_category_…`). Each event names the staff member, the player or setting and the change.
 */
export const STAFF_AUDIT_TYPES = [
  'staff.role_granted',
  'staff.role_changed',
  'staff.role_revoked',
  'staff.player_confirmation_resent',
  'staff.player_email_confirmed',
  'staff.player_recovery_sent',
  'staff.player_signed_out',
  'staff.player_lock_lifted',
  'staff.player_second_factors_reset',
  'staff.player_banned',
  'staff.player_unbanned',
  'staff.player_deleted',
  'staff.client_created',
  'staff.client_updated',
  'staff.client_secret_rotated',
  'staff.client_removed',
  'staff.redirect_pattern_added',
  'staff.redirect_pattern_removed',
  'staff.access_keys_generated',
  'staff.access_keys_revoked',
  'staff.access_keys_exported',
  'staff.ip_ban_added',
  'staff.ip_ban_removed',
  'staff.newsletter_list_saved',
  'staff.newsletter_list_removed',
  'staff.cookie_category_saved',
  'staff.cookie_category_removed',
  'staff.survey_exported',
] as const;
export type StaffAuditType = (typeof STAFF_AUDIT_TYPES)[number];

/** The longest reason staff may give for an action (characters). */
export const STAFF_REASON_MAX_LENGTH = 500;

/**
 * The body of a support action on a player (POST admin/players/{idUser}/…): the reason, written to the
 * audit event. Optional for most actions; the ones that override what the player proved or chose (mark
 * confirmed, reset second factors, ban, delete) require it (400 ERROR_STAFF_REASON_REQUIRED).
 */
export const StaffActionRequestSchema = z.object({
  Reason: z.string().trim().max(STAFF_REASON_MAX_LENGTH).optional(),
});
export type StaffActionRequest = z.infer<typeof StaffActionRequestSchema>;

/** The answer of an action that has nothing else to say (spec §7's `{ Success: true }`). */
export const StaffActionResponseSchema = z.object({ Success: z.literal(true) });
export type StaffActionResponse = z.infer<typeof StaffActionResponseSchema>;

/** The default and largest page of the console's lists (GET admin/staff, GET admin/audit). */
export const ADMIN_PAGE = { default: 20, max: 100 } as const;
/** Upper bound of a list cursor as callers send it (base64url of a time and an id). */
const MAX_CURSOR_LENGTH = 128;

/** A player's public id (spec Id_User, a UUID) in an admin call's path or query. */
export const AdminIdUserSchema = z.uuid();
const IdUser = AdminIdUserSchema;

/** A list's query: the page size and the previous page's `NextCursor` (absent for the first page). */
export const AdminPageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE.max).default(ADMIN_PAGE.default),
  cursor: z.string().min(1).max(MAX_CURSOR_LENGTH).optional(),
});
export type AdminPageQuery = z.input<typeof AdminPageQuerySchema>;

/**
 * GET admin/audit query: a page ({@link AdminPageQuerySchema}), optionally only the events of one staff
 * member (`actor`: their Id_User, or `operator` for the operator command's) and/or about one player
 * (`target`: their Id_User).
 */
export const AdminAuditQuerySchema = AdminPageQuerySchema.extend({
  actor: z.union([IdUser, z.literal('operator')]).optional(),
  target: IdUser.optional(),
});
export type AdminAuditQuery = z.input<typeof AdminAuditQuerySchema>;

/** `{ idUser }` path parameter of admin/staff/{idUser} and admin/players/{idUser}…: the player's Id_User. */
export const StaffIdParamsSchema = z.object({ idUser: IdUser });
export type StaffIdParams = z.infer<typeof StaffIdParamsSchema>;

/** PUT admin/staff/{idUser}: the role to give (granted, or changed from the player's current one). */
export const StaffRoleRequestSchema = z.object({ Role: StaffRoleSchema });
export type StaffRoleRequest = z.infer<typeof StaffRoleRequestSchema>;

/**
 * Who did something in the console: a staff member (`Kind` `staff`, with their Id_User and current
 * username; both null once that player was deleted), or the operator command (`Kind` `operator`).
 */
export const StaffActorSchema = z.object({
  Kind: z.enum(['staff', 'operator']),
  Id_User: z.string().nullable(),
  Username: z.string().nullable(),
});
export type StaffActor = z.infer<typeof StaffActorSchema>;

/** A player named by the console: Id_User and current username (both null once the player was deleted). */
export const AdminPlayerRefSchema = z.object({
  Id_User: z.string().nullable(),
  Username: z.string().nullable(),
});
export type AdminPlayerRef = z.infer<typeof AdminPlayerRefSchema>;

/** One staff member: the player, their role, who granted it and when (the last grant or change). */
export const StaffMemberSchema = z.object({
  Id_User: z.string(),
  Username: z.string(),
  Role: StaffRoleSchema,
  GrantedBy: StaffActorSchema,
  GrantedAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** GET admin/staff: a page of staff, latest grants first, and the next page's cursor (null: the last). */
export const StaffListResponseSchema = z.object({
  Staff: z.array(StaffMemberSchema),
  NextCursor: z.string().nullable(),
});
export type StaffListResponse = z.infer<typeof StaffListResponseSchema>;

/**
 * GET admin/me: the caller as the console sees them — their role, its permissions (what the SPA may
 * show), and until when their session's full authentication lets them use the console (then the
 * calls answer 403 ERROR_REAUTHENTICATION_REQUIRED until they prove both factors again).
 */
export const AdminMeResponseSchema = z.object({
  Id_User: z.string(),
  Username: z.string(),
  Role: StaffRoleSchema,
  Permissions: z.array(StaffPermissionSchema),
  AuthenticatedUntil: z.string(),
});
export type AdminMeResponse = z.infer<typeof AdminMeResponseSchema>;

/** One field an event changed: its name (`role`), the value before and after (null: none). */
export const StaffChangeSchema = z.object({
  Field: z.string(),
  From: z.string().nullable(),
  To: z.string().nullable(),
});
export type StaffChange = z.infer<typeof StaffChangeSchema>;

/**
 * One event of the staff audit trail: its id, type (one of {@link STAFF_AUDIT_TYPES} so far), time, the
 * address of the request (null for the operator command), who did it, the player it concerns, and what
 * changed.
 */
export const StaffAuditEventSchema = z.object({
  Id: z.string(),
  Type: z.string(),
  At: z.string(),
  Ip: z.string().nullable(),
  Actor: StaffActorSchema,
  Target: AdminPlayerRefSchema.nullable(),
  Changes: z.array(StaffChangeSchema),
  /** The reason staff gave for a support action (issue 24 §2), else null. */
  Reason: z.string().nullable(),
  /** What the action did besides changes, e.g. the rows a survey export held (`{ "rows": 120 }`); {} when nothing. */
  Details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** The setting an event concerns when it is no player's (Target null): `client:<client_id>`, `redirect_pattern:<id>`, … */
  Subject: z.string().optional(),
});
export type StaffAuditEvent = z.infer<typeof StaffAuditEventSchema>;

/** GET admin/audit: a page of events, newest first, and the next page's cursor (null: the last). */
export const StaffAuditResponseSchema = z.object({
  Events: z.array(StaffAuditEventSchema),
  NextCursor: z.string().nullable(),
});
export type StaffAuditResponse = z.infer<typeof StaffAuditResponseSchema>;
