/** GET profile/user/{id}: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { ProfileQuerySchema, UserSchema } from '../profile.ts';
import { UserIdParamsSchema } from '../session.ts';

export const getProfileUser = /* @__PURE__ */ defineEndpoint('getProfileUser', {
  method: 'GET',
  path: 'profile/user/{id}',
  params: UserIdParamsSchema,
  query: ProfileQuerySchema,
  responses: { 200: UserSchema },
  auth: 'user',
  summary: 'The player with their blocked users (spec §7 GET profile/user/{id}?include=Block).',
  errors: { 404: ['ERROR_NOT_FOUND'] },
});
