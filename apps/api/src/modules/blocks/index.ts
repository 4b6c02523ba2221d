/**
 * The blocks module's public surface (spec §2 Blocked users; docs/partner-api.md blocks): its routes,
 * and {@link playerDataEraser}, its part of account deletion (issue 20 §4).
 */
export { blocksRoutes } from './routes.ts';
export { blockForPartner, unblockForPartner, unblockForPlayer, playerDataEraser } from './service.ts';
export { playerDataExporter } from './exporter.ts';
