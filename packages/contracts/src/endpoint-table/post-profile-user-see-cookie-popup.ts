/** POST profile/user/{id}/see-cookie-popup: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postProfileUserSeeCookiePopup = /* @__PURE__ */ defineEndpoint('postProfileUserSeeCookiePopup', {
  method: 'POST',
  path: 'profile/user/{id}/see-cookie-popup',
  params: UserIdParamsSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary:
    'Records that the player has seen the cookie banner (spec §7 POST ' +
    'profile/user/{id}/see-cookie-popup); read back as User.IsCookiePopupSeen. Any body is ignored.',
});
