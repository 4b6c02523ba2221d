/**
 * `@guildgate/api/testing` (issue 20 §6): the API's test support for the other workspaces' tests —
 * the sandbox's suites, the end-to-end tests (e2e/) and the benchmarks (bench/) — so that none of them
 * reaches into `apps/api/src` by a relative path. Never imported by production code.
 *
 * - the test app on a fresh store with a real sandbox, and its request helpers (test/harness.ts,
 *   test/helpers.ts), an API node in its own process (test/node-process.ts);
 * - the runtime configuration's decryption as the SPA does it (test/decrypt-configuration.ts);
 * - the demo data (db/seed.ts), the reference data and the mail texts the English-text checks read;
 * - the linking and survey suites' helpers (modules/linking, modules/survey test-support.ts), and the
 *   OpenID Provider's browser walk through an authorization request (modules/oidc test-support.ts).
 */
export {
  ANONYMOUS,
  TEST_API_KEY,
  asUser,
  formToken,
  json,
  registerForm,
  startTestApp,
  type TestApp,
  type TestAppOptions,
} from './test/harness.ts';
export { insertConnection, sessionOf, sleep } from './test/helpers.ts';
export { freePort, spawnNode, spawnScript, waitForHealth, type NodeProcess } from './test/node-process.ts';
export { decryptConfigurationValue } from './test/decrypt-configuration.ts';
export { DEMO_PLAYER, seedDemoData } from './db/seed.ts';
export { COOKIE_CATEGORIES, DELETION_TYPES, NEWSLETTER_LISTS } from './db/reference-data.ts';
export {
  MAIL_TEXTS,
  type MailWords,
  type SecurityAlertParams,
  type SecurityEvent,
} from './modules/outbound-mail/mail-texts.ts';
export { freshSteamId } from './modules/linking/test-support.ts';
export { postSurvey, submissionOf } from './modules/survey/test-support.ts';
export { followThroughProvider } from './modules/oidc/test-support.ts';
export { ARGON2_PARAMS, ARGON2ID } from './lib/password.ts';
