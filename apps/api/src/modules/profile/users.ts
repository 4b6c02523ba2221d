/**
 * Moved to the accounts module (issue 20 §2: `accounts/normalize.ts`, `accounts/store.ts`). These
 * re-exports keep bans, deletion, partner and session compiling until they import
 * `../accounts/index.ts`; removed at merge.
 */
export { findUserByIdUser, findUserByLogin, normalizeEmail, normalizeUsername } from '../accounts/index.ts';
