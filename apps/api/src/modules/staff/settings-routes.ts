/**
 * The operator console's platform settings routes (issue 24 §3; contracts admin-settings.ts, the
 * service settings.ts), each behind admin-route.ts (no-store, the per-IP limit, the staff guard with its
 * permission): reading needs `platform.read` (any staff role), changing `platform.manage` (admin), the
 * access-key export `players.export` (admin). Refusals: 403 ERROR_STAFF_ROLE_REQUIRED,
 * ERROR_STAFF_ROLE_INSUFFICIENT (and the guard's others); bad input 400 in the §8 shape.
 * - GET admin/access-keys, POST admin/access-keys, POST admin/access-keys/revoke,
 *   GET admin/access-keys/export (CSV);
 * - GET admin/ip-bans, POST admin/ip-bans, DELETE admin/ip-bans/{id};
 * - GET/POST admin/newsletter-lists, PUT/DELETE admin/newsletter-lists/{id};
 * - GET/POST admin/cookie-categories, PUT/DELETE admin/cookie-categories/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, type StaffPermission } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { adminRoute } from './admin-route.ts';
import { requireStaff } from './guard.ts';
import {
  accessKeysPage,
  addIpBan,
  cookieCategories,
  exportAccessKeysCsv,
  generateAccessKeys,
  ipBans,
  newsletterLists,
  removeCategory,
  removeIpBan,
  removeList,
  revokeKeys,
  saveCategory,
  saveList,
} from './settings.ts';

/** Registers the platform settings routes on `app` (the /api scope, inside `staffRoutes`). */
export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = (permission: StaffPermission) => adminRoute(ctx, permission);

  endpointRoute(r, ENDPOINTS.getAdminAccessKeys, {
    ...admin('platform.read'),
    handler: async (request) => accessKeysPage(ctx, request.query),
  });
  endpointRoute(r, ENDPOINTS.postAdminAccessKeys, {
    ...admin('platform.manage'),
    handler: async (request, reply) => {
      void reply.code(201);
      return generateAccessKeys(ctx, requireStaff(request), request.body, request.ip);
    },
  });
  endpointRoute(r, ENDPOINTS.postAdminAccessKeysRevoke, {
    ...admin('platform.manage'),
    handler: async (request) => revokeKeys(ctx, requireStaff(request), request.body, request.ip),
  });
  endpointRoute(r, ENDPOINTS.getAdminAccessKeysExport, {
    ...admin('players.export'),
    handler: async (request, reply) => {
      const csv = await exportAccessKeysCsv(ctx, requireStaff(request), request.query, request.ip);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="access-keys.csv"');
      return csv;
    },
  });

  endpointRoute(r, ENDPOINTS.getAdminIpBans, {
    ...admin('platform.read'),
    handler: async () => ipBans(ctx),
  });
  endpointRoute(r, ENDPOINTS.postAdminIpBans, {
    ...admin('platform.manage'),
    handler: async (request, reply) => {
      void reply.code(201);
      return addIpBan(ctx, requireStaff(request), request.body, request.ip);
    },
  });
  endpointRoute(r, ENDPOINTS.deleteAdminIpBans, {
    ...admin('platform.manage'),
    handler: async (request) => {
      await removeIpBan(ctx, requireStaff(request), request.params.id, request.ip);
      return { Success: true as const };
    },
  });

  endpointRoute(r, ENDPOINTS.getAdminNewsletterLists, {
    ...admin('platform.read'),
    handler: async () => newsletterLists(ctx),
  });
  endpointRoute(r, ENDPOINTS.postAdminNewsletterLists, {
    ...admin('platform.manage'),
    handler: async (request, reply) => {
      void reply.code(201);
      return saveList(ctx, requireStaff(request), null, request.body, request.ip);
    },
  });
  endpointRoute(r, ENDPOINTS.putAdminNewsletterLists, {
    ...admin('platform.manage'),
    handler: async (request) =>
      saveList(ctx, requireStaff(request), request.params.id, request.body, request.ip),
  });
  endpointRoute(r, ENDPOINTS.deleteAdminNewsletterLists, {
    ...admin('platform.manage'),
    handler: async (request) => {
      await removeList(ctx, requireStaff(request), request.params.id, request.ip);
      return { Success: true as const };
    },
  });

  endpointRoute(r, ENDPOINTS.getAdminCookieCategories, {
    ...admin('platform.read'),
    handler: async () => cookieCategories(ctx),
  });
  endpointRoute(r, ENDPOINTS.postAdminCookieCategories, {
    ...admin('platform.manage'),
    handler: async (request, reply) => {
      void reply.code(201);
      return saveCategory(ctx, requireStaff(request), null, request.body, request.ip);
    },
  });
  endpointRoute(r, ENDPOINTS.putAdminCookieCategories, {
    ...admin('platform.manage'),
    handler: async (request) =>
      saveCategory(ctx, requireStaff(request), request.params.id, request.body, request.ip),
  });
  endpointRoute(r, ENDPOINTS.deleteAdminCookieCategories, {
    ...admin('platform.manage'),
    handler: async (request) => {
      await removeCategory(ctx, requireStaff(request), request.params.id, request.ip);
      return { Success: true as const };
    },
  });
}
