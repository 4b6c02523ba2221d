/**
 * Calls to a linked provider, bounded in time (spec §4 "a provider that is down gives the §8 error,
 * never a 500"; DESIGN.md §4 503 when a dependency is down).
 */
import { serviceUnavailable } from '../../lib/errors.ts';
import type { ErrorCode } from '@guildgate/contracts';

/**
 * Runs `work`, rejecting with 503 `notReachable` when it takes longer than `timeoutMs` (ms). The
 * abandoned work is left to finish on its own.
 */
export async function withTimeout<T>(
  work: Promise<T>,
  timeoutMs: number,
  notReachable: ErrorCode,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable(notReachable)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
