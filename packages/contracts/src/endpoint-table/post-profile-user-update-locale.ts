/** POST profile/user/{id}/update-locale: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SuccessResponseSchema } from '../common.ts';
import { UpdateLocaleRequestSchema } from '../locale.ts';
import { UserIdParamsSchema } from '../session.ts';

export const postProfileUserUpdateLocale = /* @__PURE__ */ defineEndpoint('postProfileUserUpdateLocale', {
  method: 'POST',
  path: 'profile/user/{id}/update-locale',
  params: UserIdParamsSchema,
  body: UpdateLocaleRequestSchema,
  responses: { 200: SuccessResponseSchema },
  auth: 'user',
  summary: "Saves the player's language (issue 19 §7, the footer's switcher).",
  description:
    "Saves the player's language (issue 19 §7, the footer's switcher): read back as User.Locale; " +
    'e-mails use it first, and reference data when a call names no language.',
});
