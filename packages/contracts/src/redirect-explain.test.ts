/**
 * The redirect check's reasons and the allow-list's pattern rules (issue 24 §3; redirect.ts
 * `explainRedirect`, `checkRedirectPattern`): the verdict names the first matching pattern or one reason,
 * never both, and is allowed exactly when `isRedirectAllowed` is (on the open-redirect corpora and
 * random URLs); patterns too broad, not https (http only on loopback) or malformed are refused, the
 * others normalised (scheme and host in lower case).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkRedirectPattern, explainRedirect, isRedirectAllowed } from './redirect.ts';
import { OPEN_REDIRECT_FILES, openRedirectPayloads } from './testing/open-redirect-corpus.ts';

const PATTERNS = [
  'https://partner.example.com/',
  'http://localhost:8090/partner/',
  'https://*.studio.example/community',
];

describe('explainRedirect', () => {
  it('names the first pattern that matches', () => {
    expect(
      explainRedirect('https://eu.studio.example/community/news', [
        ...PATTERNS,
        'https://eu.studio.example/',
      ]),
    ).toEqual({
      allowed: true,
      matchedPattern: 'https://*.studio.example/community',
      reason: null,
    });
  });

  it.each([
    [42, 'not_a_url'],
    ['//partner.example.com/', 'not_a_url'],
    ['data:text/html,x', 'scheme_not_allowed'],
    ['https://partner.example.com/\u00e9', 'unsafe_characters'],
    ['https://a@partner.example.com/', 'user_information'],
    ['https://partner%2eexample.com/', 'encoded_authority'],
    ['https://partner.example.com/a/..;/b', 'path_traversal'],
    ['https://partner.example.com./', 'ambiguous_host'],
    ['https://partner.example.com/https://evil.example/', 'embedded_address'],
    ['https://evil.example/', 'no_pattern_for_host'],
    ['https://localhost:8090/partner/', 'scheme_or_port_mismatch'],
    ['http://localhost:8091/partner/', 'scheme_or_port_mismatch'],
    ['http://localhost:8090/other/', 'path_not_allowed'],
    ['https://studio.example/community', 'no_pattern_for_host'],
  ])('refuses %s: %s', (target, reason) => {
    expect(explainRedirect(target, PATTERNS)).toEqual({ allowed: false, matchedPattern: null, reason });
  });

  it('agrees with isRedirectAllowed on every corpus line and on random URLs', () => {
    const lines = OPEN_REDIRECT_FILES.flatMap((file) => openRedirectPayloads(file, 'partner.example.com'));
    for (const line of lines)
      expect(explainRedirect(line, PATTERNS).allowed, line).toBe(isRedirectAllowed(line, PATTERNS));
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (url) => {
        const verdict = explainRedirect(url, PATTERNS);
        expect(verdict.allowed).toBe(isRedirectAllowed(url, PATTERNS));
        expect(verdict.allowed ? verdict.reason : verdict.matchedPattern).toBeNull();
      }),
    );
  });
});

describe('checkRedirectPattern', () => {
  it.each([
    ['HTTPS://Partner.Example.com/Forum', 'https://partner.example.com/Forum'],
    [' https://*.studio.example/ ', 'https://*.studio.example/'],
    ['https://partner.example.com:8443', 'https://partner.example.com:8443'],
    ['http://localhost:8090/partner/', 'http://localhost:8090/partner/'],
    ['http://127.0.0.1/', 'http://127.0.0.1/'],
  ])('accepts %s as %s', (text, pattern) => {
    expect(checkRedirectPattern(text)).toEqual({ pattern, problem: null });
  });

  it.each([
    ['*', 'too_broad'],
    ['https://*', 'too_broad'],
    ['*.com', 'too_broad'],
    ['https://*.com/', 'too_broad'],
    ['https://x.*.example/', 'too_broad'],
    ['https://*.127.0.0.1/', 'too_broad'],
    ['ftp://partner.example.com/', 'scheme_not_allowed'],
    ['http://partner.example.com/', 'scheme_not_allowed'],
    ['http://*.studio.example/', 'scheme_not_allowed'],
    ['partner.example.com', 'invalid'],
    ['https:/partner.example.com/', 'invalid'],
    ['https://partner.example.com/a/../b', 'invalid'],
    ['https://partner.example.com/%2f', 'invalid'],
    ['https://partner_.example.com/', 'invalid'],
    ['https://partner.example.com:0/', 'invalid'],
    ['https://partner.example.com/?q', 'invalid'],
  ])('refuses %s: %s', (text, problem) => {
    expect(checkRedirectPattern(text)).toEqual({ pattern: null, problem });
  });

  it('accepts only patterns whose own address passes the check', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: false, withFragments: false }), (url) => {
        const { pattern } = checkRedirectPattern(url);
        if (pattern !== null && !pattern.includes('*'))
          expect(isRedirectAllowed(pattern, [pattern])).toBe(true);
      }),
    );
  });
});
