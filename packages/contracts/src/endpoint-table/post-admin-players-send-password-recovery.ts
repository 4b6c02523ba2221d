/** POST admin/players/{idUser}/send-password-recovery: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersSendPasswordRecovery = /* @__PURE__ */ defineEndpoint(
  'postAdminPlayersSendPasswordRecovery',
  {
    method: 'POST',
    path: 'admin/players/{idUser}/send-password-recovery',
    params: StaffIdParamsSchema,
    body: StaffActionRequestSchema,
    responses: { 200: StaffActionResponseSchema },
    auth: 'staff',
    rateLimited: true,
    summary:
      "Sends the player the password-recovery e-mail (issue 24 §2, spec §3): the player's own recovery " +
      "link, single-use and expiring, in the player's language; audited (`staff.player_recovery_sent`). " +
      'Not for a banned player nor one without a password. Support and admin (`players.support`).',
    errors: {
      400: ['ERROR_USER_BANNED', 'ERROR_NOT_ALLOWED'],
      403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
      404: ['ERROR_USER_UNKNOWN'],
    },
  },
);
