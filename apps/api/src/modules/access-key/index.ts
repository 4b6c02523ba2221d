/**
 * Public surface of the access-key module (spec §2 /access-key, §7 POST accesskey/validate): creating
 * keys (operators), checking and consuming them (registration), its part of account deletion, and the
 * console's list and revocation (issue 24 §3).
 */
export {
  accessKeyError,
  accessKeyHash,
  consumeAccessKey,
  createAccessKeyBatch,
  createAccessKeys,
  generateAccessKey,
  normalizeAccessKey,
  playerDataEraser,
  validateAccessKey,
} from './service.ts';
export {
  listAccessKeys,
  revokeAccessKeys,
  type AccessKeyListRow,
  type AccessKeySelection,
  type AccessKeyState,
} from './store.ts';
export { accessKeyRoutes } from './routes.ts';
export { playerDataExporter } from './exporter.ts';
