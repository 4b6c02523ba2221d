/**
 * The audit module's public surface (DESIGN.md §5 audit trail): {@link audit} records a player's event;
 * {@link auditStaffAction} records a staff action in the staff audit trail and {@link staffAuditPage}
 * reads it (issue 24, staff-audit.ts); {@link playerDataEraser} is its part of account deletion (issue
 * 20 §4); the counts per day of events (store.ts, staff-audit-store.ts) feed the console's dashboard
 * (issue 24 §4).
 */
export { audit, playerDataEraser, DELETED_PLAYER_MARK } from './service.ts';
export {
  auditStaffAction,
  changesOf,
  reasonOf,
  detailsOf,
  latestStaffChange,
  staffAuditPage,
  subjectOf,
  type StaffAction,
  type StaffActionDetails,
  type StaffActorRef,
  type StaffAuditFilter,
  type StaffAuditRow,
  type StaffFieldChange,
} from './staff-audit.ts';
export { playerDataExporter } from './exporter.ts';
export { countEventsPerDay, countLinksPerDay } from './store.ts';
export { countStaffEventsPerDay } from './staff-audit-store.ts';
export { recentAddressesOfPlayer } from './store.ts';
