/** The survey part of "Download my data" (issue 22 §8): the survey's answers and the badges. */
import type { PlayerDataExporter } from '../../db/player-data.ts';
import { findBadges, findSurveyResponse } from './store.ts';

export const playerDataExporter: PlayerDataExporter<'survey' | 'badges'> = {
  module: 'survey',
  tables: ['survey_responses', 'user_badges'],
  async exportPlayerData(db, player) {
    const response = await findSurveyResponse(db, player.id);
    const badges = await findBadges(db, player.id);
    return {
      survey: response
        ? {
            steamId: response.steam_id,
            username: response.username,
            answers: JSON.parse(response.answers) as unknown,
            submittedAt: response.submitted_at,
            updatedAt: response.updated_at,
          }
        : null,
      badges: badges.map((b) => ({ badge: b.badge, awardedAt: b.awarded_at })),
    };
  },
};
