/**
 * The redirect allow-list on the server (spec §1 Single sign-on; DESIGN.md §5). Patterns live in
 * `redirect_patterns`, read from the store at every check (no cache: a change in the operator console,
 * issue 24 §3, applies at once on every node); the check itself is the shared `explainRedirect` of
 * contracts (`isRedirectAllowed` is its verdict), so the SPA, the server and the console's tester agree
 * exactly.
 */
import { checkRedirectPattern, explainRedirect, type RedirectVerdict } from '@guildgate/contracts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  deleteRedirectPatternRow,
  findRedirectPattern,
  insertRedirectPattern,
  redirectPatternRows,
  type RedirectPatternRow,
} from './store.ts';

/** Every allowed redirect pattern. */
export async function redirectPatterns(ctx: Pick<AppContext, 'db'>): Promise<string[]> {
  return redirectPatternRows(ctx.db);
}

/**
 * The redirect check against today's allow-list, with its reason: the one behind
 * {@link allowedRedirectOrNull} and the console's tester (POST admin/redirect-patterns/test).
 */
export async function checkRedirectTarget(
  ctx: Pick<AppContext, 'db'>,
  target: unknown,
): Promise<RedirectVerdict> {
  return explainRedirect(target, await redirectPatterns(ctx));
}

/** `target` when the allow-list permits it, else null (so an unknown target is simply dropped). */
export async function allowedRedirectOrNull(
  ctx: Pick<AppContext, 'db'>,
  target: string | null | undefined,
): Promise<string | null> {
  if (!target) return null;
  return (await checkRedirectTarget(ctx, target)).allowed ? target : null;
}

/**
 * Is `pattern` one of the configuration's (`PUBLIC_URL` + `/`, `REDIRECT_PATTERNS`), which every start
 * stores again (db/seed.ts)?
 */
export function isConfiguredPattern(ctx: Pick<AppContext, 'config'>, pattern: string): boolean {
  return pattern === `${ctx.config.publicUrl}/` || ctx.config.redirectPatterns.includes(pattern);
}

/**
 * Adds `text` to the allow-list (contracts `checkRedirectPattern`: its scheme and host in lower case).
 * @param db the caller's transaction (the console writes its audit event in it)
 * @returns the stored row
 * @throws 400 on `Pattern`: ERROR_REDIRECT_PATTERN_INVALID, ERROR_REDIRECT_PATTERN_SCHEME,
 *   ERROR_REDIRECT_PATTERN_TOO_BROAD, ERROR_REDIRECT_PATTERN_EXISTS
 */
export async function addRedirectPattern(db: Kysely<Database>, text: string): Promise<RedirectPatternRow> {
  const checked = checkRedirectPattern(text);
  if (checked.problem === 'scheme_not_allowed') throw badRequest('ERROR_REDIRECT_PATTERN_SCHEME', 'Pattern');
  if (checked.problem === 'too_broad') throw badRequest('ERROR_REDIRECT_PATTERN_TOO_BROAD', 'Pattern');
  if (checked.problem !== null) throw badRequest('ERROR_REDIRECT_PATTERN_INVALID', 'Pattern');
  const row = await insertRedirectPattern(db, checked.pattern);
  if (!row) throw badRequest('ERROR_REDIRECT_PATTERN_EXISTS', 'Pattern');
  return row;
}

/**
 * Removes pattern `id` from the allow-list.
 * @param db the caller's transaction
 * @returns the removed row, or undefined when there is none with that id
 */
export async function removeRedirectPattern(
  db: Kysely<Database>,
  id: number,
): Promise<RedirectPatternRow | undefined> {
  const row = await findRedirectPattern(db, id);
  if (row) await deleteRedirectPatternRow(db, id);
  return row;
}
