/** POST cookie/user/{id}/accept-all: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { AcceptAllCookiesRequestSchema } from '../cookies.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postCookieUserAcceptAll = /* @__PURE__ */ defineEndpoint('postCookieUserAcceptAll', {
  method: 'POST',
  path: 'cookie/user/{id}/accept-all',
  params: UserIdParamsSchema,
  body: AcceptAllCookiesRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary:
    'Accepts (IsAllReject false) or refuses (true) every optional cookie category for the player ' +
    '(spec §7 POST cookie/user/{id}/accept-all).',
});
