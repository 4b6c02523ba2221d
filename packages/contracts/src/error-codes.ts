/**
 * Every error code of the API (spec §8): the player pages' catalogue (errors.ts) and the operator
 * console's (console-errors.ts), listed and checked together — for the API, which declares and checks
 * the codes of every call, and for tests. The SPA's player pages do not import this module, so their
 * bundle holds the player catalogue only.
 */
import { CONSOLE_ERROR_MESSAGES_EN, type ConsoleErrorCode } from './console-errors.ts';
import { ERROR_MESSAGES_EN, type ErrorCode, type PlayerErrorCode } from './errors.ts';

/** The codes as a list (for `z.enum` and iteration), the console's included. */
export const ERROR_CODES = [...Object.keys(ERROR_MESSAGES_EN), ...Object.keys(CONSOLE_ERROR_MESSAGES_EN)] as [
  ErrorCode,
  ...ErrorCode[],
];

/** The English text of `code`, from either catalogue. */
export function errorMessageEn(code: ErrorCode): string {
  return Object.hasOwn(ERROR_MESSAGES_EN, code)
    ? ERROR_MESSAGES_EN[code as PlayerErrorCode]
    : CONSOLE_ERROR_MESSAGES_EN[code as ConsoleErrorCode];
}

/** Type guard: is `value` a known error code (of either catalogue)? */
export function isErrorCode(value: unknown): value is ErrorCode {
  return (
    typeof value === 'string' &&
    (Object.hasOwn(ERROR_MESSAGES_EN, value) || Object.hasOwn(CONSOLE_ERROR_MESSAGES_EN, value))
  );
}
