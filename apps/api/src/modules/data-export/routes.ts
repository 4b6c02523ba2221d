/**
 * The call of Download my data (issue 22 §8), on the /api scope with the api key and the player's
 * bearer, rate-limited per IP (RATE_LIMIT_PER_MINUTE): POST account/export → 200 the JSON document as a
 * download (`Content-Disposition: attachment; filename="guildgate-data-<username>-<date>.json"`,
 * `Cache-Control: no-store`); 400 ERROR_REAUTHENTICATION_REQUIRED. Not registered when the `dataExport`
 * flag is off, so the call then answers 404 ERROR_NOT_FOUND. The service is service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { exportFileName, exportOwnData } from './service.ts';

/** Registers POST account/export on `app`, the /api scope, when the `dataExport` flag is on. */
export async function dataExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.features.dataExport) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.postAccountExport, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    handler: async (request, reply) => {
      const document = await exportOwnData(ctx, requireSelf(request), request.ip);
      void reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(document)}"`);
      return document;
    },
  });
}
