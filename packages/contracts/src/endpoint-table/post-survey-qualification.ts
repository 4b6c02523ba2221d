/** POST survey/qualification: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SurveySubmitRequestSchema, SurveySubmitResponseSchema } from '../survey.ts';

export const postSurveyQualification = /* @__PURE__ */ defineEndpoint('postSurveyQualification', {
  method: 'POST',
  path: 'survey/qualification',
  body: SurveySubmitRequestSchema,
  responses: { 200: SurveySubmitResponseSchema },
  auth: 'user',
  summary:
    'The logged-in player submits the profiling survey (spec §7 POST survey/qualification); the ' +
    'first submission earns the Profiler Badge, a later one replaces the answers.',
  errors: {
    400: ['ERROR_SURVEY_ANSWER_REQUIRED', 'ERROR_SURVEY_STEAM_REQUIRED', 'ERROR_SURVEY_PLAYER_MISMATCH'],
  },
});
