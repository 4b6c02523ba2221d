/**
 * Staff's deletion of a player's account (issue 24 §2, the operator console's support action DELETE
 * admin/players/{idUser}; contracts admin-support.ts `delete`): the player's own erasure
 * ({@link eraseAccount}: every module's eraser in one transaction, tokens refused at once, partner sites
 * told) with the staff audit event `staff.player_deleted` in the same transaction, written before the
 * player's rows go so that the erasure then cuts the player out of it as out of every staff event; the
 * event keeps the player's username as text (its change `username` → none). No deletion feedback row:
 * no seeded deletion type says "by staff", and the player gave no reason. It lives here, not in the
 * staff module with the other support actions, because this module imports the staff module (its
 * eraser): the module graph stays a DAG (docs/architecture.md "Module graph").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { ENDPOINTS } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { endpointRoute } from '../../lib/endpoint-routes.ts';
import {
  adminRoute,
  prepareSupportAction,
  recordSupportAction,
  supportCall,
  type SupportCall,
} from '../staff/index.ts';
import { eraseAccount } from './service.ts';

/**
 * DELETE admin/players/{idUser}: erases the player's account (see the module note).
 * @throws 400 ERROR_STAFF_REASON_REQUIRED (Reason), ERROR_STAFF_OWN_ACCOUNT; 403
 *   ERROR_STAFF_ROLE_INSUFFICIENT (a support member on support or admin staff); 404 ERROR_USER_UNKNOWN
 */
export async function deletePlayerByStaff(ctx: AppContext, call: SupportCall): Promise<void> {
  const prepared = await prepareSupportAction(ctx, 'delete', call);
  await eraseAccount(ctx, prepared.target, {
    feedback: null,
    detail: { passwordChecked: false, byStaff: true },
    inTransaction: (trx) =>
      recordSupportAction(trx, 'delete', call, prepared, [
        { field: 'username', from: prepared.target.username, to: null },
      ]),
  });
}

/**
 * Registers DELETE admin/players/{idUser} on `app`, the /api scope: the admin route options (the staff
 * guard with `players.support`, the per-IP limit, no-store), the body `StaffActionRequestSchema` (the
 * Reason), the answer `{ Success: true }`.
 */
export async function staffDeletionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  endpointRoute(r, ENDPOINTS.deleteAdminPlayers, {
    ...adminRoute(ctx, 'players.support'),
    handler: async (request) => {
      await deletePlayerByStaff(ctx, supportCall(request));
      return { Success: true as const };
    },
  });
}
