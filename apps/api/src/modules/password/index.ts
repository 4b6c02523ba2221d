/**
 * The password module's public surface (spec §2 Password recovery, §3; issue 24 §2): whether recovery
 * is offered here, and the recovery link and its mail, written in the caller's transaction — used by
 * the operator console's "send a password-recovery e-mail". Its routes (routes.ts) are registered by
 * app.ts.
 */
export { passwordRecoveryOffered, queueRecoveryLink } from './recovery.ts';
