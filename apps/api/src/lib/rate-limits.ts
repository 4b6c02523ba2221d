/** Interim re-export (issue 20): the rate limits moved to modules/rate-limits/; the lead removes this at merge. */
export * from '../modules/rate-limits/index.ts';
