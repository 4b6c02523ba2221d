/** GET admin/dashboard: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { AdminDashboardQuerySchema, DashboardResponseSchema } from '../admin-reports.ts';

export const getAdminDashboard = /* @__PURE__ */ defineEndpoint('getAdminDashboard', {
  method: 'GET',
  path: 'admin/dashboard',
  query: AdminDashboardQuerySchema,
  responses: { 200: DashboardResponseSchema },
  auth: 'staff',
  rateLimited: true,
  summary:
    'The dashboard (issue 24 §4): registrations, confirmations, log-ins, failed log-ins, locks, links ' +
    'per provider and deletions per UTC day for the last `days` days (1–90, default 30), today ' +
    'included, oldest first. Any staff role (`reports.read`).',
});
