/**
 * Password calls of the signed-in player (spec §7 POST password/password-reset). Recovery
 * (password/password-recovery, -validation) comes with the recovery issue.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { AccountPasswordResetRequestSchema, SuccessResponseSchema } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { requireSelf, userAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { resetAccountPassword } from './account-reset.ts';

/** Registers the password routes on the /api scope. */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/password/password-reset', {
    schema: { body: AccountPasswordResetRequestSchema, response: { 200: SuccessResponseSchema } },
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: userAuth(ctx),
    handler: async (request) => {
      const auth = requireSelf(request);
      await resetAccountPassword(ctx, auth, request.body, request.ip);
      return { Success: true };
    },
  });
}
