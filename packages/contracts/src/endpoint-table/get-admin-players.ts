/** GET admin/players: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminPlayerSearchQuerySchema, AdminPlayerSearchResponseSchema } from '../admin-players.ts';

export const getAdminPlayers = /* @__PURE__ */ defineEndpoint('getAdminPlayers', {
  method: 'GET',
  path: 'admin/players',
  query: AdminPlayerSearchQuerySchema,
  responses: { 200: AdminPlayerSearchResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'Finds players (issue 24 §2): `q` (trimmed, 1–254 characters) matched exactly against Id_User, e-mail, ' +
    "a partner studio's sign-on subject and a linked SteamID, then as a case-insensitive username prefix; " +
    'exact matches first, then usernames in order, each player once with how it matched (`MatchedBy`), by ' +
    'pages of `limit` after `cursor`. Any staff role (`players.read`).',
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
