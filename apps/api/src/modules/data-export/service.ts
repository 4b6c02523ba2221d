/**
 * Download my data (issue 22 §8; GDPR art. 15 access, art. 20 portability): builds the player's
 * export document (contracts `PlayerDataExport`) from every module's exporter (exporters.ts), in one
 * read transaction so the sections agree, and records the audit event `account.exported`.
 *
 * Synchronous on purpose: a player's rows are a few hundred at most (sessions and events expire or are
 * bounded), so the document is built in milliseconds within the request; a queued job, a stored file
 * and a download link would add a place where the data lies around and a link that could leak.
 */
import { DATA_EXPORT_FORMAT, type PlayerDataExport } from '@guildgate/contracts';
import type { AppContext } from '../../context.ts';
import type { ExportedPlayer, PlayerDataExporter } from '../../db/player-data.ts';
import { isoNow } from '../../lib/time.ts';
import { audit } from '../audit/index.ts';
import { requireRecentAuthentication, type AuthInfo } from '../session/index.ts';
import { PLAYER_DATA_EXPORTERS } from './exporters.ts';

/** The audit event of an export. */
export const EXPORTED_EVENT = 'account.exported';

/**
 * The export document of `player` from `exporters` (every module's by default), read in one
 * transaction. Sections are merged as the exporters return them; the route serialises the result
 * through `PlayerDataExportSchema`, so a field no schema declares cannot leave.
 */
export async function buildPlayerDataExport(
  ctx: Pick<AppContext, 'db'>,
  player: ExportedPlayer,
  exporters: readonly PlayerDataExporter[] = PLAYER_DATA_EXPORTERS,
): Promise<PlayerDataExport> {
  const sections = await ctx.db.transaction().execute(async (trx) => {
    const parts: Record<string, unknown> = {};
    for (const exporter of exporters) Object.assign(parts, await exporter.exportPlayerData(trx, player));
    return parts;
  });
  return { format: DATA_EXPORT_FORMAT, generatedAt: isoNow(), ...sections } as PlayerDataExport;
}

/**
 * POST account/export: the caller's own data, after a recent proof of their password; records
 * `account.exported` (detail: the format).
 * @param caller the authenticated caller (internal and public id, `authTime`)
 * @throws 400 ERROR_REAUTHENTICATION_REQUIRED when the password was not proved on this session within
 *   REAUTHENTICATION_MAX_AGE_SECONDS (session module)
 */
export async function exportOwnData(
  ctx: AppContext,
  caller: Pick<AuthInfo, 'userId' | 'idUser' | 'authTime'>,
  ip: string,
): Promise<PlayerDataExport> {
  requireRecentAuthentication(ctx, caller);
  const document = await buildPlayerDataExport(ctx, { id: caller.userId, idUser: caller.idUser });
  await audit(ctx, caller.userId, EXPORTED_EVENT, ip, { format: DATA_EXPORT_FORMAT });
  return document;
}

/**
 * The download's file name, `guildgate-data-<username>-<YYYY-MM-DD>.json` (the date of `generatedAt`),
 * the username reduced to characters safe in a quoted Content-Disposition filename (RFC 6266 §4.1).
 */
export function exportFileName(document: Pick<PlayerDataExport, 'account' | 'generatedAt'>): string {
  const name = document.account.username.replace(/[^A-Za-z0-9._-]/g, '_');
  return `guildgate-data-${name}-${document.generatedAt.slice(0, 10)}.json`;
}
