/** GET admin/survey/export: one entry of the endpoint table (endpoints.ts, endpoint-table/index.ts). */
import { defineEndpoint } from '../endpoints.ts';
import { SURVEY_EXPORT_CONTENT_TYPE, SurveyExportSchema } from '../admin-reports.ts';

export const getAdminSurveyExport = /* @__PURE__ */ defineEndpoint('getAdminSurveyExport', {
  method: 'GET',
  path: 'admin/survey/export',
  responses: { 200: SurveyExportSchema },
  contentType: SURVEY_EXPORT_CONTENT_TYPE,
  auth: 'staff',
  rateLimited: true,
  summary:
    "The survey answers as a CSV file (issue 24 §3; Content-Disposition: attachment): one row per player's " +
    'response, Id_User and every answer of the ten steps (contracts SURVEY_EXPORT_COLUMNS), formula ' +
    'cells neutralised; audited (`staff.survey_exported`). Admin only (`players.export`).',
  errors: { 403: ['ERROR_STAFF_ROLE_INSUFFICIENT'] },
});
