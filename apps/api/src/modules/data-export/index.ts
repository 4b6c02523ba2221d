/**
 * The data-export module's public surface (issue 22 §8 Download my data): its route and the exporters
 * it runs (one per module holding player data, db/player-data.ts).
 */
export { dataExportRoutes } from './routes.ts';
export { PLAYER_DATA_EXPORTERS, TABLES_NOT_EXPORTED } from './exporters.ts';
export { buildPlayerDataExport } from './service.ts';
