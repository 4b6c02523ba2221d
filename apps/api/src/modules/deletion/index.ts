/**
 * The deletion module's public surface (spec §2 Deletion request, §4 Deletion): its routes, whether
 * self-service deletion is offered, and the erasers it runs (issue 20 §4); the deletion types and the
 * feedback deletions left, read by the operator console's report (issue 24 §3).
 */
export { deletionRoutes } from './routes.ts';
export { eraseAccount, erasePlayer, selfServiceDeletion } from './service.ts';
export { PLAYER_DATA_ERASERS } from './erasers.ts';
export { countDeletionFeedback, deletionTypeRows, findDeletionReasons } from './store.ts';
