/**
 * The naughty-strings suite (naughty-strings-suite.ts), part 'forms': log/log-in, the path parameters of
 * token/{identity} and log/user/{id}/log-in, and every other form, on every store (DESIGN.md §7).
 */
import { naughtyStringsSuite } from './naughty-strings-suite.ts';

naughtyStringsSuite('forms');
