/**
 * The operator console's routes for the partner clients and the redirect allow-list (issue 24 §3;
 * contracts admin-platform.ts; the service is platform.ts): GET/POST admin/clients, PUT/DELETE
 * admin/clients/{clientId}, POST admin/clients/{clientId}/secret, GET/POST admin/redirect-patterns,
 * DELETE admin/redirect-patterns/{id}, POST admin/redirect-patterns/test. Reading (and the tester) needs
 * `platform.read` (any staff role), changing `platform.manage` (admin). Each behind admin-route.ts
 * (no-store, the per-IP limit, the staff guard: 401, 403 ERROR_STAFF_ROLE_REQUIRED,
 * ERROR_STAFF_SECOND_FACTOR_REQUIRED, ERROR_REAUTHENTICATION_REQUIRED, ERROR_STAFF_ROLE_INSUFFICIENT),
 * its input validated by the contract schemas (400 ERROR_FIELD_INVALID).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { adminRoute } from './admin-route.ts';
import { requireStaff } from './guard.ts';
import {
  addPattern,
  changeClient,
  clientsPage,
  createClient,
  deleteClient,
  deletePattern,
  patternsPage,
  rotateSecret,
  testRedirect,
} from './platform.ts';

/** Registers the clients' and the allow-list's admin routes on `app`, the /api scope. */
export async function platformRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Fresh options per route: @fastify/rate-limit keeps one counter per route's options object.
  const read = () => adminRoute(ctx, 'platform.read');
  const manage = () => adminRoute(ctx, 'platform.manage');

  endpointRoute(r, ENDPOINTS.getAdminClients, {
    ...read(),
    handler: async (request) => clientsPage(ctx, request.query),
  });

  endpointRoute(r, ENDPOINTS.postAdminClients, {
    ...manage(),
    handler: async (request, reply) => {
      const created = await createClient(ctx, requireStaff(request), request.body, request.ip);
      void reply.code(201);
      return created;
    },
  });

  endpointRoute(r, ENDPOINTS.putAdminClients, {
    ...manage(),
    handler: async (request) =>
      changeClient(ctx, requireStaff(request), request.params.clientId, request.body, request.ip),
  });

  endpointRoute(r, ENDPOINTS.postAdminClientsSecret, {
    ...manage(),
    handler: async (request) => rotateSecret(ctx, requireStaff(request), request.params.clientId, request.ip),
  });

  endpointRoute(r, ENDPOINTS.deleteAdminClients, {
    ...manage(),
    handler: async (request) => {
      await deleteClient(ctx, requireStaff(request), request.params.clientId, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.getAdminRedirectPatterns, {
    ...read(),
    handler: async (request) => patternsPage(ctx, request.query),
  });

  endpointRoute(r, ENDPOINTS.postAdminRedirectPatterns, {
    ...manage(),
    handler: async (request, reply) => {
      const added = await addPattern(ctx, requireStaff(request), request.body.Pattern, request.ip);
      void reply.code(201);
      return added;
    },
  });

  endpointRoute(r, ENDPOINTS.deleteAdminRedirectPatterns, {
    ...manage(),
    handler: async (request) => {
      await deletePattern(ctx, requireStaff(request), request.params.id, request.ip);
      return { Success: true };
    },
  });

  endpointRoute(r, ENDPOINTS.postAdminRedirectPatternsTest, {
    ...read(),
    handler: async (request) => testRedirect(ctx, request.body.Url),
  });
}
