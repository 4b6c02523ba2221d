/**
 * POST survey/qualification (spec §7 "survey plus SteamId, Username, bearer"; §2 Survey; §5 Survey
 * submit): the logged-in player submits the profiling survey and earns the Profiler Badge. The badges
 * are read back through GET profile/user/{id} (`Badges`, modules/profile). See docs/survey.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { submitSurvey } from './service.ts';

/**
 * Registers the survey route on the /api scope:
 * - POST survey/qualification `SurveySubmitRequest` (the answers, SteamId, Username) + player bearer →
 *   200 `{ Success: true, BadgeAwarded }` (`cache-control: no-store`); 400 ERROR_FIELD_INVALID (a value
 *   of the wrong type or outside the options), ERROR_SURVEY_STEAM_REQUIRED (SteamId; no Steam account
 *   linked), ERROR_SURVEY_PLAYER_MISMATCH (SteamId, Username), ERROR_SURVEY_ANSWER_REQUIRED (each
 *   question failing a §5 rule); 401 without a valid player token.
 */
export async function surveyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.postSurveyQualification, {
    onRequest: userAuth(ctx),
    handler: async (request, reply) => {
      const auth = requireSelf(request);
      const result = await submitSurvey(ctx, auth.userId, request.body, request.ip);
      void reply.header('cache-control', 'no-store');
      return result;
    },
  });
}
