/**
 * The audit module's public surface (DESIGN.md §5 audit trail): {@link audit} records an event;
 * {@link playerDataEraser} is its part of account deletion (issue 20 §4).
 */
export { audit, playerDataEraser, DELETED_PLAYER_MARK } from './service.ts';
export { playerDataExporter } from './exporter.ts';
