/**
 * The newsletter module's public surface (spec §2 Newsletter, §7 newsletter calls): its routes, the
 * opt-in of registration, and {@link playerDataEraser}, its part of account deletion (issue 20 §4).
 */
export { newsletterRoutes } from './routes.ts';
export { listOptIns, optInToEveryList, playerDataEraser, setOptIn, unsubscribe } from './service.ts';
export { playerDataExporter } from './exporter.ts';
