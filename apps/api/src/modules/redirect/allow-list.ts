/**
 * The redirect allow-list on the server (spec §1 Single sign-on; DESIGN.md §5). Patterns live in
 * `redirect_patterns`; the check itself is the shared `isRedirectAllowed` of contracts, so the SPA
 * and the server agree exactly.
 */
import { isRedirectAllowed } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import { redirectPatternRows } from './store.ts';

/** Every allowed redirect pattern. */
export async function redirectPatterns(ctx: Pick<AppContext, 'db'>): Promise<string[]> {
  return redirectPatternRows(ctx.db);
}

/** `target` when the allow-list permits it, else null (so an unknown target is simply dropped). */
export async function allowedRedirectOrNull(
  ctx: Pick<AppContext, 'db'>,
  target: string | null | undefined,
): Promise<string | null> {
  if (!target) return null;
  return isRedirectAllowed(target, await redirectPatterns(ctx)) ? target : null;
}
