/** POST log/user/{id}/log-out: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { LogoutResponseSchema, UserIdParamsSchema } from '../session.ts';

export const postLogUserLogOut = /* @__PURE__ */ defineEndpoint('postLogUserLogOut', {
  method: 'POST',
  path: 'log/user/{id}/log-out',
  params: UserIdParamsSchema,
  responses: { 200: LogoutResponseSchema },
  auth: 'user',
  summary: "Ends the session (spec §7 POST log/user/{id}/log-out): the partner cookie's name to remove.",
});
