/**
 * The staff guard of every `/api/admin/…` call (issue 24; docs/security.md "Staff and the admin API";
 * contracts endpoints.ts auth `staff`). After the api key (the /api scope) and the player's portal
 * bearer (plugins/auth.ts `userAuth`: 401 without one or with a bad one), in this order:
 * 1. a staff role (`staff_roles`), else 403 ERROR_STAFF_ROLE_REQUIRED — a player's token alone opens
 *    nothing here;
 * 2. a second factor in use (an authenticator app or a passkey, with its feature flag on:
 *    second-factors `hasSecondFactor`), else 403 ERROR_STAFF_SECOND_FACTOR_REQUIRED;
 * 3. a full authentication of the caller's session within `STAFF_SESSION_MAX_AGE_SECONDS` (12 h by
 *    default), else 403 ERROR_REAUTHENTICATION_REQUIRED. For a player with a factor, `sessions.auth_time`
 *    is set only by a log-in through the second step or with a passkey, or by the step-up (POST
 *    account/reauthentication/second-factor) — never by the password alone nor by a log-in on a
 *    remembered device (session/reauthentication.ts, docs/security.md "Step-up with a second factor"),
 *    so its presence and age are the test. The SPA answers it with the re-authentication dialog, whose
 *    step-up asks both factors;
 * 4. the call's permission (contracts `STAFF_PERMISSIONS`, role order admin > support > viewer), else
 *    403 ERROR_STAFF_ROLE_INSUFFICIENT.
 * The role and factors are read from the store at every call, so a revoked role or a removed factor
 * applies at once on every node. Every refusal is 403 (the caller is known but not let in), in the
 * §8 shape, so the console's answers stay apart from the player calls' 400 and 401.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleAllows, type StaffPermission, type StaffRole } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { requireSelf, userAuth, type AuthInfo } from '../../plugins/auth.ts';
import { hasSecondFactor } from '../second-factors/index.ts';
import { findStaffRole } from './store.ts';

/** The caller of an admin call, once the guard let them in. */
export interface StaffCaller {
  /** Internal users.id. */
  userId: number;
  /** Public Id_User. */
  idUser: string;
  sessionId: string;
  role: StaffRole;
  /** When the session's full authentication stops letting the caller in (ISO 8601). */
  authenticatedUntil: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff caller of an admin call (set by {@link staffAuth}), else null. */
    staff: StaffCaller | null;
  }
}

/**
 * When the full authentication of a session whose `auth_time` is `authTime` stops admitting staff
 * (`STAFF_SESSION_MAX_AGE_SECONDS` after it), in ms since the epoch; null when there is none.
 */
function authenticatedUntilMs(ctx: Pick<AppContext, 'config'>, authTime: string | null): number | null {
  if (!authTime) return null;
  const at = Date.parse(authTime);
  return Number.isNaN(at) ? null : at + ctx.config.staffSessionMaxAgeSeconds * 1000;
}

/**
 * Checks that the authenticated player `auth` may use the console, and `permission` when given (see the
 * module note for the order).
 * @returns the staff caller
 * @throws 403 ERROR_STAFF_ROLE_REQUIRED, ERROR_STAFF_SECOND_FACTOR_REQUIRED,
 *   ERROR_REAUTHENTICATION_REQUIRED, ERROR_STAFF_ROLE_INSUFFICIENT
 */
export async function staffCallerOf(
  ctx: Pick<AppContext, 'config' | 'db'>,
  auth: Pick<AuthInfo, 'userId' | 'idUser' | 'sessionId' | 'authTime'>,
  permission?: StaffPermission,
): Promise<StaffCaller> {
  const staff = await findStaffRole(ctx.db, auth.userId);
  if (!staff) throw forbidden('ERROR_STAFF_ROLE_REQUIRED');
  if (!(await hasSecondFactor(ctx, auth.userId))) throw forbidden('ERROR_STAFF_SECOND_FACTOR_REQUIRED');
  const until = authenticatedUntilMs(ctx, auth.authTime);
  const now = Date.now();
  // A proof from the future (another node's clock ahead) counts as none, as in reauthentication.ts.
  if (until === null || until < now || until - ctx.config.staffSessionMaxAgeSeconds * 1000 > now)
    throw forbidden('ERROR_REAUTHENTICATION_REQUIRED');
  if (permission && !roleAllows(staff.role, permission)) throw forbidden('ERROR_STAFF_ROLE_INSUFFICIENT');
  return {
    userId: auth.userId,
    idUser: auth.idUser,
    sessionId: auth.sessionId,
    role: staff.role,
    authenticatedUntil: new Date(until).toISOString(),
  };
}

/**
 * Hook of an admin call (`onRequest` or `preParsing`: before the body is read): the player's bearer (401
 * as every user call), then {@link staffCallerOf} with `permission` (none: any staff role); the caller
 * is then `request.staff`.
 */
export function staffAuth(ctx: AppContext, permission?: StaffPermission) {
  const authenticate = userAuth(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    request.staff = await staffCallerOf(ctx, requireSelf(request), permission);
  };
}

/**
 * The staff caller of an admin call ({@link staffAuth} ran before).
 * @throws 401 ERROR_UNAUTHORIZED when the guard did not run (a route without it)
 */
export function requireStaff(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw unauthorized();
  return request.staff;
}
