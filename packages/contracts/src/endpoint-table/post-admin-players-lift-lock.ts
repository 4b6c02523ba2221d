/** POST admin/players/{idUser}/lift-lock: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffIdParamsSchema } from '../admin.ts';
import { AdminPlayerThrottleSchema } from '../admin-players.ts';

export const postAdminPlayersLiftLock = /* @__PURE__ */ defineEndpoint('postAdminPlayersLiftLock', {
  method: 'POST',
  path: 'admin/players/{idUser}/lift-lock',
  params: StaffIdParamsSchema,
  body: StaffActionRequestSchema,
  responses: { 200: AdminPlayerThrottleSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Lifts a player's log-in lock (issue 24 §2): forgets the failures counted on the account and the " +
    'series and back-off of each address of their failed log-ins of the last day; answers the throttle ' +
    'after it. Audited (`staff.player_lock_lifted`, with the optional `Reason`). Support and admin ' +
    '(`players.support`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'], 404: ['ERROR_USER_UNKNOWN'] },
});
