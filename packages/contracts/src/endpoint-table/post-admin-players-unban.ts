/** POST admin/players/{idUser}/unban: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersUnban = /* @__PURE__ */ defineEndpoint('postAdminPlayersUnban', {
  method: 'POST',
  path: 'admin/players/{idUser}/unban',
  params: StaffIdParamsSchema,
  body: StaffActionRequestSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Lifts the player's ban (issue 24 §2), as the operator command does; audited " +
    '(`staff.player_unbanned`). Support and admin (`players.support`).',
  errors: {
    400: ['ERROR_STAFF_PLAYER_NOT_BANNED'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN'],
  },
});
