/** POST cookie/user/{id}/set-cookie: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { SetCookieRequestSchema } from '../cookies.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postCookieUserSetCookie = /* @__PURE__ */ defineEndpoint('postCookieUserSetCookie', {
  method: 'POST',
  path: 'cookie/user/{id}/set-cookie',
  params: UserIdParamsSchema,
  body: SetCookieRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary:
    "The player's choice for one cookie category (spec §7 POST cookie/user/{id}/set-cookie); a " +
    'necessary category cannot be refused.',
  errors: { 400: ['ERROR_COOKIE_NOTEXISTS', 'ERROR_COOKIE_NOT_OPTIONAL'] },
});
