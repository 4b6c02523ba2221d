/** GET profile/connects: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ConnectionsResponseSchema } from '../profile.ts';

export const getProfileConnects = /* @__PURE__ */ defineEndpoint('getProfileConnects', {
  method: 'GET',
  path: 'profile/connects',
  responses: { 200: ConnectionsResponseSchema },
  auth: 'user',
  summary: "The player's linked accounts (spec §7 GET profile/connects).",
});
