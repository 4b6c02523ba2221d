/**
 * `@guildgate/contracts/testing` (issue 20 §6): test data shared by the API's and the SPA's tests —
 * the open-redirect corpora (testing/open-redirect-corpus.ts). Never imported by production code.
 */
export { OPEN_REDIRECT_FILES, openRedirectPayloads } from './testing/open-redirect-corpus.ts';
