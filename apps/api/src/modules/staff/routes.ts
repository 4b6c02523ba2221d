/**
 * The operator console's routes (issue 24; contracts admin.ts, console.ts): GET admin/me, GET
 * admin/staff, PUT admin/staff/{idUser}, DELETE admin/staff/{idUser}, GET admin/audit, and the other
 * areas' routes files it registers. Every one: the api key (the /api scope), then admin-route.ts
 * (`Cache-Control: no-store`, refusals included; rate-limited per IP, refused calls counted; the staff
 * guard with the call's permission, before the body is read) — 401 without a player's bearer, 403
 * ERROR_STAFF_ROLE_REQUIRED, ERROR_STAFF_SECOND_FACTOR_REQUIRED, ERROR_REAUTHENTICATION_REQUIRED,
 * ERROR_STAFF_ROLE_INSUFFICIENT.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, type StaffPermission } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { auditPage, deleteStaffRoleOf, describeCaller, putStaffRole, staffPage } from './console.ts';
import { adminRoute } from './admin-route.ts';
import { requireStaff } from './guard.ts';
import { supportRoutes } from './support-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { platformRoutes } from './platform-routes.ts';

/** Registers the admin routes on `app`, the /api scope. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('staff', null);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = (permission?: StaffPermission) => adminRoute(ctx, permission);

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
  await supportRoutes(app, ctx);

  await settingsRoutes(app, ctx);

  await platformRoutes(app, ctx);
}
