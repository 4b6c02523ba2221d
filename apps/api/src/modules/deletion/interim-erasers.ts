/**
 * Interim erasers (issue 20 §4) for the tables of modules other helpers are restructuring in parallel
 * (accounts, session, email, linking, sso, survey, access-key): each runs exactly the SQL account
 * deletion ran for those tables before the erasers existed (modules/deletion/service.ts `erasePlayer`),
 * plus the rows of `link_states` and `oauth_codes`, which deletion left to the foreign keys' cascade.
 *
 * Replaced at merge by each module's own eraser (its `index.ts` `playerDataEraser`); this file then goes.
 */
import type { PlayerDataEraser } from '../../db/player-data.ts';

/** session: refresh tokens of the player's sessions first (they hang off them), then the sessions. */
const sessionEraser: PlayerDataEraser = {
  module: 'session',
  tables: ['refresh_tokens', 'sessions'],
  async deletePlayerData(trx, player) {
    const sessionIds = trx.selectFrom('sessions').select('id').where('user_id', '=', player.id);
    await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessionIds).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', player.id).execute();
  },
};

/** email: the player's e-mail links (verification, change, recovery). */
const emailEraser: PlayerDataEraser = {
  module: 'email',
  tables: ['email_tokens'],
  async deletePlayerData(trx, player) {
    await trx.deleteFrom('email_tokens').where('user_id', '=', player.id).execute();
  },
};

/**
 * linking: the player's connections, and their pending provider links (`link_states.user_id`; short-lived,
 * but a deleted player's row must not survive even until it expires).
 */
const linkingEraser: PlayerDataEraser = {
  module: 'linking',
  tables: ['user_connections', 'link_states'],
  async deletePlayerData(trx, player) {
    await trx.deleteFrom('user_connections').where('user_id', '=', player.id).execute();
    await trx.deleteFrom('link_states').where('user_id', '=', player.id).execute();
  },
};

/** sso: the player's authorization codes (`oauth_codes.user_id`; at most 10 minutes, used or not). */
const ssoEraser: PlayerDataEraser = {
  module: 'sso',
  tables: ['oauth_codes'],
  async deletePlayerData(trx, player) {
    await trx.deleteFrom('oauth_codes').where('user_id', '=', player.id).execute();
  },
};

/** survey: the player's answers and badges (today's survey/service.ts `deleteSurveyData`). */
const surveyEraser: PlayerDataEraser = {
  module: 'survey',
  tables: ['survey_responses', 'user_badges'],
  async deletePlayerData(trx, player) {
    await trx.deleteFrom('survey_responses').where('user_id', '=', player.id).execute();
    await trx.deleteFrom('user_badges').where('user_id', '=', player.id).execute();
  },
};

/** access-key: the key the player used stays (it is spent) but no longer names them. */
const accessKeyEraser: PlayerDataEraser = {
  module: 'access-key',
  tables: ['access_keys'],
  async deletePlayerData(trx, player) {
    await trx
      .updateTable('access_keys')
      .set({ used_by_user_id: null })
      .where('used_by_user_id', '=', player.id)
      .execute();
  },
};

/** accounts: players the deleted one referred lose the reference, then the player's row goes (last). */
const accountsEraser: PlayerDataEraser = {
  module: 'accounts',
  tables: ['users'],
  async deletePlayerData(trx, player) {
    await trx
      .updateTable('users')
      .set({ referrer_user_id: null })
      .where('referrer_user_id', '=', player.id)
      .execute();
    await trx.deleteFrom('users').where('id', '=', player.id).execute();
  },
};

/**
 * The interim erasers, replaced at merge by each module's own eraser (`playerDataEraser` of
 * `modules/<module>/index.ts`). The accounts eraser is last: it deletes the `users` row.
 */
export const INTERIM_ERASERS: readonly PlayerDataEraser[] = [
  sessionEraser,
  emailEraser,
  linkingEraser,
  ssoEraser,
  surveyEraser,
  accessKeyEraser,
  accountsEraser,
];
