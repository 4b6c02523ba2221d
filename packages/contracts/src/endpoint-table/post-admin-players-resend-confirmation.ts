/** POST admin/players/{idUser}/resend-confirmation: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersResendConfirmation = /* @__PURE__ */ defineEndpoint(
  'postAdminPlayersResendConfirmation',
  {
    method: 'POST',
    path: 'admin/players/{idUser}/resend-confirmation',
    params: StaffIdParamsSchema,
    body: StaffActionRequestSchema,
    responses: { 200: StaffActionResponseSchema },
    auth: 'staff',
    rateLimited: true,
    summary:
      "Sends the player's confirmation e-mail again (issue 24 §2), as their own resend does: a new link " +
      "replacing the earlier ones, in the player's language; audited (`staff.player_confirmation_resent`). " +
      'Support and admin (`players.support`).',
    errors: {
      400: ['ERROR_STAFF_EMAIL_CONFIRMED', 'ERROR_USER_BANNED'],
      403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
      404: ['ERROR_USER_UNKNOWN'],
    },
  },
);
