/**
 * Telling the modules that keep sessions of their own that a player signed out of the portal (issue 21:
 * the OpenID Provider's back-channel log-out, modules/oidc/backchannel.ts). The session module, which
 * ends the portal session, sits below those modules in the module graph (docs/architecture.md), so they
 * listen here (`AppContext.signOuts`) rather than being imported by it.
 *
 * The listeners run as deferred work (lib/deferred-work.ts), after the log-out's answer: a log-out never
 * waits on them, and their failures are logged, never thrown to the player.
 */
import type { DeferredWork } from './deferred-work.ts';

/** Something to do when a player signs out, given their public id (`Id_User`). */
type SignOutListener = (idUser: string) => Promise<void>;

/** A node's sign-out listeners (`AppContext.signOuts`). */
export interface SignOuts {
  /** Adds `listener`, run for every later sign-out. */
  listen(listener: SignOutListener): void;
  /** Runs every listener for player `idUser` as deferred work: returns at once and never throws. */
  signedOut(idUser: string): void;
}

/** Creates the sign-out listeners of one node, run through `deferred`. */
export function createSignOuts(deferred: DeferredWork): SignOuts {
  const listeners: SignOutListener[] = [];
  return {
    listen(listener) {
      listeners.push(listener);
    },
    signedOut(idUser) {
      for (const listener of listeners) deferred.run('sign-out listener', () => listener(idUser));
    },
  };
}
