/** POST admin/players/{idUser}/confirm-email: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersConfirmEmail = /* @__PURE__ */ defineEndpoint('postAdminPlayersConfirmEmail', {
  method: 'POST',
  path: 'admin/players/{idUser}/confirm-email',
  params: StaffIdParamsSchema,
  body: StaffActionRequestSchema,
  responses: { 200: StaffActionResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "Marks the player's e-mail address confirmed (issue 24 §2), as their own confirmation does (pending " +
    'confirmation links used up); Reason required; audited (`staff.player_email_confirmed`). Support and ' +
    'admin (`players.support`).',
  errors: {
    400: ['ERROR_STAFF_REASON_REQUIRED', 'ERROR_STAFF_EMAIL_CONFIRMED'],
    403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
    404: ['ERROR_USER_UNKNOWN'],
  },
});
