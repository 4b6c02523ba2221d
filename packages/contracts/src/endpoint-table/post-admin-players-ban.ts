/** POST admin/players/{idUser}/ban: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersBan = /* @__PURE__ */ defineEndpoint('postAdminPlayersBan', {
  method: 'POST',
  path: 'admin/players/{idUser}/ban',
  params: StaffIdParamsSchema,
  body: StaffActionRequestSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Bans the player (issue 24 §2), as the operator command does: every session ends, log-in is ' +
    'refused (ERROR_USER_BANNED); Reason required; audited (`staff.player_banned`). Not on your own ' +
    'account. Support and admin (`players.support`).',
  errors: {
    400: ['ERROR_STAFF_REASON_REQUIRED', 'ERROR_STAFF_OWN_ACCOUNT', 'ERROR_STAFF_PLAYER_BANNED'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN'],
  },
});
