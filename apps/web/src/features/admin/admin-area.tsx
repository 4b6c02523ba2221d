/**
 * The operator console's pages (issue 24), gathered in one module so the app's router imports the whole
 * console with one lazy import — one chunk for staff to load, and one entry in the player pages'
 * bundle (its preload list) instead of one per page. The dashboard alone is a chunk of its own (its
 * chart library is the console's largest part), loaded when it is first shown.
 */
import type { ComponentType } from 'react';
import type { AdminPagePath } from './admin-paths.ts';
import { AccessKeysPage } from './access-keys-page.tsx';
import { AuditPage } from './audit-page.tsx';
import { ClientsPage } from './clients-page.tsx';
import { DashboardPage } from './dashboard-lazy.tsx';
import { IpBansPage } from './ip-bans-page.tsx';
import { ListsPage } from './lists-page.tsx';
import { PlayerPage } from './player-page.tsx';
import { PlayersPage } from './players-page.tsx';
import { RedirectsPage } from './redirects-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { StaffPage } from './staff-page.tsx';

import { addConsoleErrorTexts } from './console-error-texts.ts';

export { AdminLayout } from './admin-layout.tsx';
export { AdminHome } from './admin-home.tsx';

// The console's error codes have their texts from the moment its chunk runs (console-error-texts.ts).
addConsoleErrorTexts();

/** The page of each console path (admin-paths.ts). */
export const ADMIN_PAGES: Readonly<Record<AdminPagePath, ComponentType>> = {
  dashboard: DashboardPage,
  players: PlayersPage,
  'players/:idUser': PlayerPage,
  audit: AuditPage,
  clients: ClientsPage,
  redirects: RedirectsPage,
  'access-keys': AccessKeysPage,
  'ip-bans': IpBansPage,
  lists: ListsPage,
  reports: ReportsPage,
  staff: StaffPage,
};
