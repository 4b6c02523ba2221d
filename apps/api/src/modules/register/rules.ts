/**
 * Moved to the accounts module (issue 20 §2: `accounts/rules.ts`). This re-export keeps
 * partner/registration.ts compiling until it imports `../accounts/index.ts`; removed at merge.
 */
export { usernameError } from '../accounts/index.ts';
