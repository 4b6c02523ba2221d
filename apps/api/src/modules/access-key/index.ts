/**
 * Public surface of the access-key module (spec §2 /access-key, §7 POST accesskey/validate): creating
 * keys (operators), checking and consuming them (registration), and its part of account deletion.
 */
export {
  accessKeyError,
  consumeAccessKey,
  createAccessKeys,
  generateAccessKey,
  normalizeAccessKey,
  playerDataEraser,
  validateAccessKey,
} from './service.ts';
export { accessKeyRoutes } from './routes.ts';
export { playerDataExporter } from './exporter.ts';
