/**
 * The naughty-strings suite (naughty-strings-suite.ts), part 'sign-up': register/new-user, log/identify
 * and email/send-confirmation-email, on every store (DESIGN.md §7).
 */
import { naughtyStringsSuite } from './naughty-strings-suite.ts';

naughtyStringsSuite('sign-up');
