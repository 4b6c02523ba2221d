/**
 * The operator console's player routes (issue 24 §2; contracts admin-players.ts; service service.ts),
 * each behind the staff module's `adminRoute` (no-store, the per-IP limit, the staff guard with the call's permission):
 * - GET admin/players (`players.read`): the search;
 * - GET admin/players/{idUser} (`players.read`): the player's page, 404 ERROR_USER_UNKNOWN;
 * - POST admin/players/{idUser}/lift-lock (`players.support`): lifts the log-in lock, audited
 *   `staff.player_lock_lifted`; answers the throttle after it.
 * Bad input is a §8 400 (the contract schemas); refusals are the guard's 401/403.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import { adminRoute, requireStaff } from '../staff/index.ts';
import { liftLock, playerPage, searchPlayers } from './service.ts';

/** Registers the player routes on `app`, the /api scope (app.ts, after the staff module's `staffRoutes`). */
export async function adminPlayerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  endpointRoute(r, ENDPOINTS.getAdminPlayers, {
    ...adminRoute(ctx, 'players.read'),
    handler: async (request) => searchPlayers(ctx, request.query),
  });

  endpointRoute(r, ENDPOINTS.getAdminPlayer, {
    ...adminRoute(ctx, 'players.read'),
    handler: async (request) => playerPage(ctx, request.params.idUser),
  });

  endpointRoute(r, ENDPOINTS.postAdminPlayersLiftLock, {
    ...adminRoute(ctx, 'players.support'),
    handler: async (request) =>
      liftLock(ctx, requireStaff(request), request.params.idUser, request.body.Reason, request.ip),
  });
}
