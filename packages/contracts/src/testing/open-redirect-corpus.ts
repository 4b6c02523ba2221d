/**
 * The public open-redirect corpora of ../shared/corpora/payloadsallthethings (Node only, for tests of
 * the redirect allow-list on the server and in the SPA; spec §1 Single sign-on, DESIGN.md §5). Not
 * exported from the package index: the SPA bundle never includes it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The corpus files. */
export const OPEN_REDIRECT_FILES = [
  'Open-Redirect-payloads.txt',
  'openredirects.txt',
  'open_redirect_wordlist.txt',
] as const;

/** The corpora's placeholder for the site's own (allowed) host. */
const PLACEHOLDER = 'www.whitelisteddomain.tld';

const corpora = path.resolve(import.meta.dirname, '../../../../../shared/corpora/payloadsallthethings');

/**
 * Every non-empty line of `file`, with the placeholder host replaced by `allowedHost` (so that a payload
 * naming the allowed host is tried against the check, as an attacker would).
 * @throws Error when the corpus file cannot be read
 */
export function openRedirectPayloads(
  file: (typeof OPEN_REDIRECT_FILES)[number],
  allowedHost: string,
): string[] {
  return fs
    .readFileSync(path.join(corpora, file), 'utf8')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => line.replaceAll(PLACEHOLDER, allowedHost));
}
