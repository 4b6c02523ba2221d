/**
 * POST email/confirm, POST email/send-confirmation-email, GET email/update-email-confirm and GET
 * email/update-email-recovery (spec §7 Registration, recovery, email). The update links work with the
 * anonymous bearer (the link may be opened in any browser); a player's own token keeps their session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { anonymousAuth } from '../../plugins/auth.ts';
import { sensitiveRateLimit } from '../../plugins/rate-limit.ts';
import { badRequest } from '../../lib/errors.ts';
import { confirmEmail, resendConfirmation } from './confirm.ts';
import { confirmEmailUpdate, recoverEmail } from './update.ts';
import { ipBanGuard } from '../bans/index.ts';
import { requestLocale } from '../../lib/locale.ts';

/** Registers the e-mail routes on the /api scope. */
export async function emailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anonymous = anonymousAuth(ctx);

  endpointRoute(r, ENDPOINTS.postEmailConfirm, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    handler: async (request) => {
      // spec §5: confirm e-mail needs uid, otherwise it is a bad request.
      if (!request.body.Uid) throw badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS', 'Uid');
      return confirmEmail(ctx, request.body.Uid, 'Uid', request.ip);
    },
  });

  endpointRoute(r, ENDPOINTS.postEmailSendConfirmationEmail, {
    config: { rateLimit: sensitiveRateLimit(ctx) },
    onRequest: anonymous,
    preHandler: ipBanGuard(ctx, 'ERROR_USER_IP_BANNED'),
    handler: async (request) => {
      if (!request.body.Email.trim()) throw badRequest('ERROR_EMAIL_EMPTY', 'Email');
      await resendConfirmation(
        ctx,
        request.body.Email,
        request.body.RedirectUrl,
        request.ip,
        requestLocale(request),
      );
      return { Success: true };
    },
  });

  for (const [endpoint, action] of [
    [ENDPOINTS.getEmailUpdateEmailConfirm, confirmEmailUpdate],
    [ENDPOINTS.getEmailUpdateEmailRecovery, recoverEmail],
  ] as const) {
    endpointRoute(r, endpoint, {
      config: { rateLimit: sensitiveRateLimit(ctx) },
      onRequest: anonymous,
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        if (!request.query.uid) throw badRequest('ERROR_EMAIL_RECOVERY_NOTEXISTS', 'Uid');
        const userAgent = request.headers['user-agent'];
        await action(
          ctx,
          request.query.uid,
          request.auth,
          request.ip,
          requestLocale(request),
          typeof userAgent === 'string' ? userAgent : null,
        );
        return { Success: true };
      },
    });
  }
}
