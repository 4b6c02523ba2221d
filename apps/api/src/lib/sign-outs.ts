/**
 * Telling the modules that keep sessions of their own that a player's portal sessions ended (issue 21:
 * the OpenID Provider's back-channel log-out, modules/oidc/backchannel.ts). The modules that end portal
 * sessions — session (log-out, ban), password (change, recovery), email-address (change), deletion —
 * sit below or beside those modules in the module graph (docs/architecture.md), so the listeners
 * register here (`AppContext.signOuts`) rather than being imported by them.
 *
 * Two ways to tell them, after the change that ended the sessions has committed:
 * - {@link SignOuts.signedOut}: as deferred work (lib/deferred-work.ts), after the answer — a log-out
 *   never waits on the listeners;
 * - {@link SignOuts.signOutNow}: awaited, for a caller that must know the listeners are done before it
 *   goes on (account deletion, whose erasure removes what they read; a command that exits next).
 * Either way a listener's failure is logged, never thrown to the player or the operator.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DeferredWork } from './deferred-work.ts';

/** Something to do when a player's sessions end, given their public id (`Id_User`). */
type SignOutListener = (idUser: string) => Promise<void>;

/** A node's sign-out listeners (`AppContext.signOuts`). */
export interface SignOuts {
  /** Adds `listener`, run for every later sign-out. */
  listen(listener: SignOutListener): void;
  /** Runs every listener for player `idUser` as deferred work: returns at once and never throws. */
  signedOut(idUser: string): void;
  /** Runs every listener for player `idUser` now; resolves once they have all settled, never rejects. */
  signOutNow(idUser: string): Promise<void>;
}

/** Creates the sign-out listeners of one node, run through `deferred`, failures logged to `log`. */
export function createSignOuts(deferred: DeferredWork, log: Pick<FastifyBaseLogger, 'error'>): SignOuts {
  const listeners: SignOutListener[] = [];
  return {
    listen(listener) {
      listeners.push(listener);
    },
    signedOut(idUser) {
      for (const listener of listeners) deferred.run('sign-out listener', () => listener(idUser));
    },
    async signOutNow(idUser) {
      await Promise.all(
        listeners.map((listener) =>
          listener(idUser).catch((error: unknown) => {
            log.error({ err: error }, 'sign-out listener failed');
          }),
        ),
      );
    },
  };
}
