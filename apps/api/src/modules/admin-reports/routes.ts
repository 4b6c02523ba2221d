/**
 * The operator console's dashboard and reports routes (issue 24 §3, §4; contracts admin-reports.ts;
 * service reports.ts): GET admin/dashboard and GET admin/deletion-reasons (`reports.read`, any staff
 * role), GET admin/survey/export (`players.export`, admin only: 403 ERROR_STAFF_ROLE_INSUFFICIENT to
 * support and viewers). Each spreads admin-route.ts (`Cache-Control: no-store`, the per-IP limit, the
 * staff guard before anything is read); the query is checked by the table's schemas (400 §8
 * ERROR_FIELD_INVALID, ERROR_CURSOR_INVALID).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, SURVEY_EXPORT_CONTENT_TYPE } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { adminRoute, requireStaff } from '../staff/index.ts';
import { dashboard, deletionReasons, exportSurvey } from './service.ts';

/** Registers the dashboard and reports routes on `app`, the /api scope (from routes.ts `staffRoutes`). */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.getAdminDashboard, {
    ...adminRoute(ctx, 'reports.read'),
    handler: async (request) => dashboard(ctx, request.query.days),
  });

  endpointRoute(r, ENDPOINTS.getAdminDeletionReasons, {
    ...adminRoute(ctx, 'reports.read'),
    handler: async (request) => deletionReasons(ctx, request.query),
  });

  endpointRoute(r, ENDPOINTS.getAdminSurveyExport, {
    ...adminRoute(ctx, 'players.export'),
    handler: async (request, reply) => {
      const file = await exportSurvey(ctx, requireStaff(request), request.ip);
      // The table's schema describes the CSV text; the reply sends the stream as is (Fastify serialises
      // no stream), which the reply typed by that schema does not know.
      const raw: FastifyReply = reply;
      return raw
        .type(SURVEY_EXPORT_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.csv);
    },
  });
}
