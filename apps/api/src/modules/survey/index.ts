/**
 * The survey module's public surface (issue 20 §2; DESIGN.md §2; docs/survey.md): the submission, the
 * player's badges (profile's User.Badges), the stored answers' shape, and the survey eraser of account
 * deletion; the stored responses by pages, for the operator console's export (issue 24 §3). Other
 * modules import only this file.
 */
export {
  loadBadges,
  normalizeAnswers,
  playerDataEraser,
  submitSurvey,
  type StoredSurveyAnswers,
} from './service.ts';
export { playerDataExporter } from './exporter.ts';
export { countSurveyResponses, surveyResponsesPage, type SurveyResponseRow } from './store.ts';
