/** GET admin/players/{idUser}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { StaffIdParamsSchema } from '../admin.ts';
import { AdminPlayerDetailSchema } from '../admin-players.ts';

export const getAdminPlayer = /* @__PURE__ */ defineEndpoint('getAdminPlayer', {
  method: 'GET',
  path: 'admin/players/{idUser}',
  params: StaffIdParamsSchema,
  responses: { 200: AdminPlayerDetailSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    "A player's page (issue 24 §2): the record, ban, staff role, second factors, active sessions, the " +
    'log-in throttle (`Throttle`: failures per account and per address, `Locked`) and their "Download my ' +
    'data" document (`Data`). Any staff role (`players.read`).',
  errors: { 404: ['ERROR_USER_UNKNOWN'] },
});
