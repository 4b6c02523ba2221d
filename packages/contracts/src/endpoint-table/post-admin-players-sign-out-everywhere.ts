/** POST admin/players/{idUser}/sign-out-everywhere: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffActionRequestSchema, StaffActionResponseSchema, StaffIdParamsSchema } from '../admin.ts';

export const postAdminPlayersSignOutEverywhere = /* @__PURE__ */ defineEndpoint(
  'postAdminPlayersSignOutEverywhere',
  {
    method: 'POST',
    path: 'admin/players/{idUser}/sign-out-everywhere',
    params: StaffIdParamsSchema,
    body: StaffActionRequestSchema,
    responses: { 200: StaffActionResponseSchema },
    auth: 'staff',
    rateLimited: true,
    summary:
      'Ends every session of the player (issue 24 §2): their access and refresh tokens are refused at ' +
      'once on every node, partner sites told; audited (`staff.player_signed_out`). Support and admin ' +
      '(`players.support`).',
    errors: {
      403: ['ERROR_STAFF_ROLE_INSUFFICIENT'],
      404: ['ERROR_USER_UNKNOWN'],
    },
  },
);
