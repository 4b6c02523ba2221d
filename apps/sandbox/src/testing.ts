/**
 * `@guildgate/sandbox/testing` (issue 20 §6): the sandbox's test support for the API's tests — the
 * whole sandbox in-process (app.ts), the e-mail check's verdicts (email-check), and the browser-less
 * sign-in at the Steam, OpenID Connect and partner stand-ins (steam/testing.ts,
 * shared/oidc-test-kit.ts) — so that the API never reaches into `apps/sandbox/src` by a relative path.
 */
export { startSandbox, type RunningSandbox } from './app.ts';
export { checkAddress } from './email-check/index.ts';
export { signIn } from './steam/testing.ts';
export { TestBrowser, approve, callbackOf, createAccountAt, signInAt } from './shared/oidc-test-kit.ts';
