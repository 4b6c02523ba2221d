/**
 * The admin-reports module's public surface (issue 24 §3, §4: the operator console's dashboard and
 * reports): its routes (routes.ts: GET admin/dashboard, GET admin/deletion-reasons, GET
 * admin/survey/export), registered by app.ts after the staff module's. It sits above the modules it
 * counts from (audit, deletion, survey, staff): the deletion module depends on staff (its eraser and the
 * console's DELETE), so the reports that read deletion feedback cannot live in staff.
 */
export { reportRoutes } from './routes.ts';
