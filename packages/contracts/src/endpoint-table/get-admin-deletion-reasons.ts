/** GET admin/deletion-reasons: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminDeletionReasonsQuerySchema, DeletionReasonsResponseSchema } from '../admin-reports.ts';

export const getAdminDeletionReasons = /* @__PURE__ */ defineEndpoint('getAdminDeletionReasons', {
  method: 'GET',
  path: 'admin/deletion-reasons',
  query: AdminDeletionReasonsQuerySchema,
  responses: { 200: DeletionReasonsResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The reasons given for account deletions (issue 24 §3): how many deletions gave each deletion type ' +
    '(labels in the default locale), skipped or gave a free text, and the free texts newest first by ' +
    'pages of `limit` after `cursor`, naming no player. Any staff role (`reports.read`).',
  errors: { 400: ['ERROR_CURSOR_INVALID'] },
});
