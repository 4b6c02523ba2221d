/** GET cookie: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { CookieCategoriesResponseSchema } from '../cookies.ts';

export const getCookie = /* @__PURE__ */ defineEndpoint('getCookie', {
  method: 'GET',
  path: 'cookie',
  responses: { 200: CookieCategoriesResponseSchema },
  auth: 'anonymous',
  summary: 'The cookie categories (spec §7 GET cookie), IsAccepted as for an anonymous visitor.',
});
