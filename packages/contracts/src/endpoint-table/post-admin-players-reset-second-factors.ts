/** POST admin/players/{idUser}/reset-second-factors: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersResetSecondFactors = /* @__PURE__ */ defineEndpoint(
  'postAdminPlayersResetSecondFactors',
  {
    method: 'POST',
    path: 'admin/players/{idUser}/reset-second-factors',
    params: StaffIdParamsSchema,
    body: StaffActionRequestSchema,
    responses: { 200: StaffActionResponseSchema },
    auth: 'staff',
    rateLimited: true,
    summary:
      "Removes the player's authenticator app, passkeys and recovery codes (issue 24 §2) and sends them " +
      'the "second factor removed" security alert; Reason required; audited ' +
      '(`staff.player_second_factors_reset`). Not on your own account. Support and admin (`players.support`).',
    errors: {
      400: ['ERROR_STAFF_REASON_REQUIRED', 'ERROR_STAFF_OWN_ACCOUNT', 'ERROR_STAFF_NO_SECOND_FACTOR'],
      403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
      404: ['ERROR_USER_UNKNOWN'],
    },
  },
);
