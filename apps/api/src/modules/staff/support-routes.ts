/**
 * The support actions' routes (issue 24 §2; contracts admin-support.ts, endpoint-table
 * post-admin-players-*.ts and delete-admin-players.ts): POST admin/players/{idUser}/resend-confirmation,
 * …/confirm-email, …/send-password-recovery, …/sign-out-everywhere, …/reset-second-factors, …/ban,
 * and …/unban, each behind admin-route.ts with the permission `players.support` (support and admin;
 * 403 ERROR_STAFF_ROLE_INSUFFICIENT for a viewer), the body `StaffActionRequestSchema` (the Reason), the
 * answer `{ Success: true }`. The actions themselves are support.ts's. DELETE admin/players/{idUser} is
 * the deletion module's (deletion/staff-deletion.ts: that module imports this one for its eraser, so
 * this one cannot import it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS, type StaffActionRequest, type StaffIdParams } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { adminRoute } from './admin-route.ts';
import { requireStaff } from './guard.ts';
import {
  confirmEmailByStaff,
  resendConfirmationByStaff,
  resetSecondFactorsByStaff,
  sendPasswordRecoveryByStaff,
  setBanByStaff,
  signOutEverywhereByStaff,
  type SupportCall,
} from './support.ts';

/** The support call of a validated request: the staff caller, the player's Id_User, the body, the IP. */
export function supportCall(
  request: FastifyRequest<{ Params: StaffIdParams; Body: StaffActionRequest }>,
): SupportCall {
  return { caller: requireStaff(request), idUser: request.params.idUser, body: request.body, ip: request.ip };
}

/** Registers the support actions' routes on `app`, the /api scope (called by routes.ts `staffRoutes`). */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actions = [
    [ENDPOINTS.postAdminPlayersResendConfirmation, (call) => resendConfirmationByStaff(ctx, call)],
    [ENDPOINTS.postAdminPlayersConfirmEmail, (call) => confirmEmailByStaff(ctx, call)],
    [ENDPOINTS.postAdminPlayersSendPasswordRecovery, (call) => sendPasswordRecoveryByStaff(ctx, call)],
    [ENDPOINTS.postAdminPlayersSignOutEverywhere, (call) => signOutEverywhereByStaff(ctx, call)],
    [ENDPOINTS.postAdminPlayersResetSecondFactors, (call) => resetSecondFactorsByStaff(ctx, call)],
    [ENDPOINTS.postAdminPlayersBan, (call) => setBanByStaff(ctx, call, true)],
    [ENDPOINTS.postAdminPlayersUnban, (call) => setBanByStaff(ctx, call, false)],
  ] as const satisfies readonly (readonly [unknown, (call: SupportCall) => Promise<void>])[];
  for (const [endpoint, act] of actions) {
    endpointRoute(r, endpoint, {
      // Options of its own per route: each route counts its calls apart (as every admin route).
      ...adminRoute(ctx, 'players.support'),
      handler: async (request) => {
        await act(supportCall(request));
        return { Success: true as const };
      },
    });
  }
}
