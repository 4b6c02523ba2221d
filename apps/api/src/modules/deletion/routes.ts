/**
 * Deletion calls (spec §7 Newsletter, deletion, blocking, survey): GET deletion/types (the reasons in
 * the Accept-Language, else the saved locale of a player's token, else English; lib/locale.ts), POST
 * password/validate/user/{userId}, POST deletion/user/{userId} and POST deletion/partner/user/{userId}
 * (the latter where the password check is off: partner environments and partner sign-on players).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  DeletionRequestSchema,
  DeletionTypesResponseSchema,
  PasswordValidateRequestSchema,
  SuccessResponseSchema,
  UserIdParamsSchema,
} from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { checkPassword, deletePlayer, deletionTypes } from './service.ts';
import { recordAuthentication } from '../session/reauthentication.ts';
import { playerAnswerLocale, varyOnLanguage } from '../../lib/locale.ts';

/** Registers the deletion routes on the /api scope. */
export async function deletionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  r.get('/deletion/types', {
    schema: { response: { 200: DeletionTypesResponseSchema } },
    onRequest: anonymousAuth(ctx),
    handler: async (request, reply) => {
      varyOnLanguage(reply);
      const locale = await playerAnswerLocale(ctx.db, request, request.auth?.userId ?? null);
      return { DeletionTypes: await deletionTypes(ctx, locale) };
    },
  });

  r.post('/password/validate/user/:id', {
    schema: {
      params: UserIdParamsSchema,
      body: PasswordValidateRequestSchema,
      response: { 200: SuccessResponseSchema },
    },
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await checkPassword(ctx, auth.userId, request.body.Password, request.ip);
      // A proof of the password: sensitive changes on this session may follow (reauthentication.ts).
      await recordAuthentication(ctx, auth.sessionId);
      return { Success: true };
    },
  });

  for (const [path, checkPasswordFirst] of [
    ['/deletion/user/:id', true],
    ['/deletion/partner/user/:id', false],
  ] as const) {
    r.post(path, {
      schema: {
        params: UserIdParamsSchema,
        body: DeletionRequestSchema,
        response: { 200: SuccessResponseSchema },
      },
      config: { rateLimit: sensitiveRateLimit(ctx) },
      onRequest: user,
      handler: async (request) => {
        const auth = requireSelf(request, request.params.id);
        await deletePlayer(ctx, auth.userId, request.body, { checkPassword: checkPasswordFirst }, request.ip);
        return { Success: true };
      },
    });
  }
}
