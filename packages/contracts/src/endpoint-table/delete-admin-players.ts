/** DELETE admin/players/{idUser}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const deleteAdminPlayers = /* @__PURE__ */ defineEndpoint('deleteAdminPlayers', {
  method: 'DELETE',
  path: 'admin/players/{idUser}',
  params: StaffIdParamsSchema,
  body: StaffActionRequestSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Deletes the player's account (issue 24 §2) by the player's own erasure, in one transaction; the " +
    "Reason (required) in the body; audited (`staff.player_deleted`, keeping the player's username). Not " +
    'on your own account. Support and admin (`players.support`).',
  errors: {
    400: ['ERROR_STAFF_REASON_REQUIRED', 'ERROR_STAFF_OWN_ACCOUNT'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN'],
  },
});
