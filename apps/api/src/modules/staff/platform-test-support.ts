/**
 * The admin routes of the partner clients and the redirect allow-list (issue 24 §3; platform-routes.ts)
 * for the tests: each with the permission it needs and a body when it takes one, so platform.test.ts
 * checks every route's guard and staff.test.ts knows every admin route of the table is tested.
 */
import type { StaffPermission } from '@guildgate/contracts';

/** One admin route of this area, its path parameters filled in (`clientId` and `id` given). */
export interface PlatformRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  permission: StaffPermission;
  payload?: Record<string, unknown>;
}

/** Every route of this area, its path parameters `clientId` and `id` (the table's names when omitted). */
export function platformRoutes(clientId = '{clientId}', id = '{id}'): PlatformRoute[] {
  return [
    { method: 'GET', url: 'admin/clients', permission: 'platform.read' },
    {
      method: 'POST',
      url: 'admin/clients',
      permission: 'platform.manage',
      payload: { Name: 'Guard check', RedirectUris: ['https://partner.example/guard'] },
    },
    {
      method: 'PUT',
      url: `admin/clients/${clientId}`,
      permission: 'platform.manage',
      payload: { Name: 'x' },
    },
    { method: 'POST', url: `admin/clients/${clientId}/secret`, permission: 'platform.manage' },
    { method: 'DELETE', url: `admin/clients/${clientId}`, permission: 'platform.manage' },
    { method: 'GET', url: 'admin/redirect-patterns', permission: 'platform.read' },
    {
      method: 'POST',
      url: 'admin/redirect-patterns',
      permission: 'platform.manage',
      payload: { Pattern: 'https://guard.example/' },
    },
    { method: 'DELETE', url: `admin/redirect-patterns/${id}`, permission: 'platform.manage' },
    {
      method: 'POST',
      url: 'admin/redirect-patterns/test',
      permission: 'platform.read',
      payload: { Url: 'https://partner.example/' },
    },
  ];
}
