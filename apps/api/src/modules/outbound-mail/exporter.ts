/**
 * The mail part of "Download my data" (issue 22 §8): the e-mails sent (or to be sent) to the player —
 * kind, recipient, status, times; never the content, which holds single-use links.
 */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { mailOfPlayer } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'emails'> = {
  module: 'mail',
  tables: ['mail_outbox'],
  async exportPlayerData(db, player) {
    const rows = await mailOfPlayer(db, player.id);
    return {
      emails: rows.map((r) => ({
        kind: r.kind,
        recipient: r.recipient,
        status: r.status,
        createdAt: r.created_at,
        sentAt: r.sent_at,
      })),
    };
  },
};
