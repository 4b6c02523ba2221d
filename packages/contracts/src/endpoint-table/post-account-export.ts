/** POST account/export: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { PlayerDataExportSchema } from '../data-export.ts';
import { REAUTHENTICATION } from './shared-codes.ts';

export const postAccountExport = /* @__PURE__ */ defineEndpoint('postAccountExport', {
  method: 'POST',
  path: 'account/export',
  responses: { 200: PlayerDataExportSchema },
  auth: 'user',
  rateLimited: true,
  summary:
    "Download my data (issue 22 §8; GDPR art. 15/20): the logged-in player's data as a JSON file " +
    '(Content-Disposition: attachment), after a recent re-authentication; 404 when the dataExport flag is off.',
  errors: { 400: REAUTHENTICATION },
});
