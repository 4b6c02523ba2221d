/** Interim re-export (issue 20): the audit trail moved to modules/audit/; the lead removes this at merge. */
export { audit } from '../modules/audit/index.ts';
