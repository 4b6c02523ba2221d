/**
 * The operator console's pages (issue 24), gathered in one module so the app's router imports the whole
 * console with one lazy import — one chunk for staff to load, and one entry in the player pages'
 * bundle (its preload list) instead of one per page.
 */
export { AdminLayout } from './admin-layout.tsx';
export { AdminHome } from './admin-home.tsx';
export { AuditPage } from './audit-page.tsx';
export { StaffPage } from './staff-page.tsx';
