/**
 * Deletion calls (spec §7 Newsletter, deletion, blocking, survey): GET deletion/types (the reasons in
 * the Accept-Language, else the saved locale of a player's token, else English; lib/locale.ts), POST
 * password/validate/user/{userId}, POST deletion/user/{userId} and POST deletion/partner/user/{userId}
 * (the latter where the password check is off: partner environments and partner sign-on players).
 * Issue 22 §4 step-up: for a player with a second factor, password/validate answers a second-factor
 * ticket instead of recording the proof, and the deletion calls need a recent full re-authentication.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth, requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { checkPassword, deletePlayer, deletionTypes } from './service.ts';
import { staffDeletionRoutes } from './staff-deletion.ts';
import { recordAuthentication, requireRecentAuthentication } from '../session/index.ts';
import { hasSecondFactor, secondFactorChallenge } from '../second-factors/index.ts';
import { varyOnLanguage } from '../../lib/locale.ts';
import { playerAnswerLocale } from '../accounts/index.ts';

/** Registers the deletion routes on the /api scope. */
export async function deletionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = userAuth(ctx);

  endpointRoute(r, ENDPOINTS.getDeletionTypes, {
    onRequest: anonymousAuth(ctx),
    handler: async (request, reply) => {
      varyOnLanguage(reply);
      const locale = await playerAnswerLocale(ctx.db, request, request.auth?.userId ?? null);
      return { DeletionTypes: await deletionTypes(ctx, locale) };
    },
  });

  endpointRoute(r, ENDPOINTS.postPasswordValidateUser, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: user,
    handler: async (request) => {
      const auth = requireSelf(request, request.params.id);
      await checkPassword(ctx, auth.userId, request.body.Password, request.ip);
      // Issue 22 §4 step-up: with a second factor, the password alone is no proof; its ticket follows.
      const step = await secondFactorChallenge(ctx, { id: auth.userId, id_user: auth.idUser }, undefined);
      if (step && step !== 'remembered-device')
        return { Success: true, SecondFactorTicket: step.ticket, SecondFactorMethods: step.methods };
      // A proof of the password: sensitive changes on this session may follow (reauthentication.ts).
      await recordAuthentication(ctx, auth);
      return { Success: true };
    },
  });

  for (const [endpoint, checkPasswordFirst] of [
    [ENDPOINTS.postDeletionUser, true],
    [ENDPOINTS.postDeletionPartnerUser, false],
  ] as const) {
    endpointRoute(r, endpoint, {
      config: { rateLimit: sensitiveRateLimit(ctx) },
      onRequest: user,
      handler: async (request) => {
        const auth = requireSelf(request, request.params.id);
        // Issue 22 §4 step-up: with a second factor, deleting needs it proved on this session.
        if (await hasSecondFactor(ctx, auth.userId)) requireRecentAuthentication(ctx, auth);
        await deletePlayer(ctx, auth.userId, request.body, { checkPassword: checkPasswordFirst }, request.ip);
        return { Success: true };
      },
    });
  }
  await staffDeletionRoutes(app, ctx);
}
