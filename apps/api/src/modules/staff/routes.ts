/**
 * The operator console's routes of slice 1 (issue 24; contracts admin.ts, console.ts): GET admin/me,
 * GET admin/staff, PUT admin/staff/{idUser}, DELETE admin/staff/{idUser}, GET admin/audit. Every one:
 * the api key (the /api scope), `Cache-Control: no-store` (refusals included), rate-limited per IP
 * (refused calls counted), and the staff guard (guard.ts) with the call's permission, before the body
 * is read — 401 without a player's bearer, 403
 * ERROR_STAFF_ROLE_REQUIRED, ERROR_STAFF_SECOND_FACTOR_REQUIRED, ERROR_REAUTHENTICATION_REQUIRED,
 * ERROR_STAFF_ROLE_INSUFFICIENT.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, type StaffPermission } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { auditPage, deleteStaffRoleOf, describeCaller, putStaffRole, staffPage } from './console.ts';
import { requireStaff, staffAuth } from './guard.ts';

/** Registers the admin routes on `app`, the /api scope. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('staff', null);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store');
  };
  /**
   * The options every admin call shares: no-store, the per-IP limit, then the guard with `permission`.
   * The guard runs in `preParsing` — still before the body is read — because @fastify/rate-limit appends
   * its check after a route's own `onRequest` hooks: refused calls (a player's token probing the
   * console) count against the limit too.
   */
  const admin = (permission?: StaffPermission) => ({
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: [noStore],
    preParsing: [staffAuth(ctx, permission)],
  });

  endpointRoute(r, ENDPOINTS.getAdminMe, {
    ...admin(),
    handler: async (request) => describeCaller(ctx, requireStaff(request)),
  });

  endpointRoute(r, ENDPOINTS.getAdminStaff, {
    ...admin('staff.manage'),
    handler: async (request) => staffPage(ctx, request.query),
  });

  endpointRoute(r, ENDPOINTS.putAdminStaff, {
    ...admin('staff.manage'),
    handler: async (request, reply) => {
      const { member, created } = await putStaffRole(
        ctx,
        requireStaff(request),
        request.params.idUser,
        request.body.Role,
        request.ip,
      );
      void reply.code(created ? 201 : 200);
      return member;
    },
  });

  endpointRoute(r, ENDPOINTS.deleteAdminStaff, {
    ...admin('staff.manage'),
    handler: async (request) => {
      await deleteStaffRoleOf(ctx, requireStaff(request), request.params.idUser, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.getAdminAudit, {
    ...admin('audit.read'),
    handler: async (request) => auditPage(ctx, request.query),
  });
}
