/** GET cookie/user/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { CookieCategoriesResponseSchema } from '../cookies.ts';
import { UserIdParamsSchema } from '../session.ts';

export const getCookieUser = /* @__PURE__ */ defineEndpoint('getCookieUser', {
  method: 'GET',
  path: 'cookie/user/{id}',
  params: UserIdParamsSchema,
  responses: { 200: CookieCategoriesResponseSchema },
  auth: 'user',
  summary: "The cookie categories with the player's choices (spec §7 GET cookie/user/{id}).",
});
