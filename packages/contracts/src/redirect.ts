/**
 * The redirect allow-list check shared by the SPA and the API (spec §1 Single sign-on; DESIGN.md §5).
 *
 * A pattern is `scheme://host[:port][/path-prefix]`, where host may start with `*.` to allow any
 * sub-domain (not the bare domain). A target is allowed only when it is an absolute http(s) URL,
 * written plainly (no userinfo, backslashes, control characters, whitespace or percent-encoded
 * authority, no address embedded in the path), and its scheme, host, port and optional path prefix (on a segment boundary) match a pattern.
 *
 * The path prefix only means something when the server behind it reads the same path: so a target
 * with a dot segment (`/app/../admin`, `/app/./x`), a dot segment with parameters (`/app/..;/admin`,
 * which Tomcat and Jetty read as `..`), or a percent-encoded dot, slash, backslash, semicolon or percent
 * sign in its path (`/app/%2e%2e%3b/admin`, `%252e`) is refused; so is a host with an empty label
 * (`https://.partner.example/` would pass a `*.partner.example` wildcard).
 */
import { z } from 'zod';

/** Answer of GET redirect/allowed-redirect-domains: the list of patterns. */
export const AllowedRedirectDomainsResponseSchema = z.array(z.string());

interface ParsedPattern {
  protocol: string;
  wildcard: boolean;
  hostname: string;
  port: string;
  pathPrefix: string;
}

function parsePattern(pattern: string): ParsedPattern | null {
  const match = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)((?::\d{1,5})?)((?:\/[^?#]*)?)$/i.exec(pattern.trim());
  if (!match) return null;
  // The port (with its colon) and the path are empty when the pattern has none.
  const [, scheme, star, host, port, path] = match;
  return {
    protocol: `${scheme.toLowerCase()}:`,
    wildcard: Boolean(star),
    hostname: host.toLowerCase(),
    port: port.slice(1),
    pathPrefix: path || '/',
  };
}

/**
 * Does the raw (undecoded) `path` hold a dot segment, a dot segment with `;` parameters, or a
 * percent-encoded dot, slash, backslash, semicolon or percent sign — anything a server may read as another path than the prefix?
 */
function hasTraversal(path: string): boolean {
  if (/%(2e|2f|5c|3b|25)/i.test(path)) return true;
  return path.split('/').some((segment) => /^\.{1,2}(;|$)/.test(segment));
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/**
 * Why {@link explainRedirect} refuses an address (the console's tester shows it, issue 24 §3):
 * - `not_a_url`: not an absolute http(s) URL with a host (empty, relative, unparsable, over 2048
 *   characters);
 * - `scheme_not_allowed`: a scheme other than http or https (`javascript:`, `data:`, …);
 * - `unsafe_characters`: whitespace, control characters, backslashes or non-ASCII characters;
 * - `user_information`: user information or an `@` in the authority;
 * - `encoded_authority`: a percent-encoded authority;
 * - `path_traversal`: a dot segment or a percent-encoded dot, slash, backslash, semicolon or percent in
 *   the path;
 * - `ambiguous_host`: a host with an empty label, or one the URL parser reads otherwise than written;
 * - `embedded_address`: a path that holds another address (`//evil`, `/https://evil/`);
 * - `no_pattern_for_host`: no pattern names that host;
 * - `scheme_or_port_mismatch`: patterns name the host, but with another scheme or port;
 * - `path_not_allowed`: patterns name the host, scheme and port, but not that path.
 */
export const REDIRECT_REFUSALS = [
  'not_a_url',
  'scheme_not_allowed',
  'unsafe_characters',
  'user_information',
  'encoded_authority',
  'path_traversal',
  'ambiguous_host',
  'embedded_address',
  'no_pattern_for_host',
  'scheme_or_port_mismatch',
  'path_not_allowed',
] as const;
export type RedirectRefusal = (typeof REDIRECT_REFUSALS)[number];

/** What {@link explainRedirect} says of an address: allowed by which pattern, or why not. */
export type RedirectVerdict =
  | { allowed: true; matchedPattern: string; reason: null }
  | { allowed: false; matchedPattern: null; reason: RedirectRefusal };

/** A refusal for `reason`. */
function refused(reason: RedirectRefusal): RedirectVerdict {
  return { allowed: false, matchedPattern: null, reason };
}

/** How far a pattern goes toward an address: its host, then its scheme and port, then its path. */
type PatternFit = 'none' | 'host' | 'origin' | 'full';
const FIT_RANK: Readonly<Record<PatternFit, number>> = { none: 0, host: 1, origin: 2, full: 3 };

/** How far `pattern` fits the parsed `url` (whose effective port is `port`). */
function fitOf(pattern: ParsedPattern, url: URL, port: string): PatternFit {
  const hostOk = pattern.wildcard
    ? url.hostname.endsWith(`.${pattern.hostname}`)
    : url.hostname === pattern.hostname;
  if (!hostOk) return 'none';
  if (pattern.protocol !== url.protocol) return 'host';
  if ((pattern.port || defaultPort(pattern.protocol)) !== port) return 'host';
  const prefix = pattern.pathPrefix;
  if (prefix === '/' || url.pathname === prefix) return 'full';
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return url.pathname.startsWith(base) ? 'full' : 'origin';
}

/**
 * The redirect check itself, with its reasons: is `target` a redirect address the `patterns` permit,
 * by which pattern (the first that matches, in list order), or why not ({@link REDIRECT_REFUSALS}, the
 * first rule the address breaks; the shapes of the module note are checked before any pattern).
 * {@link isRedirectAllowed} is its `allowed`, so the console's tester and every redirect agree.
 * @param target the untrusted address (e.g. the redirectUrl query parameter)
 * @param patterns the allow-list from GET redirect/allowed-redirect-domains
 */
export function explainRedirect(target: unknown, patterns: readonly string[]): RedirectVerdict {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return refused('not_a_url');
  // Anything a browser might reinterpret: whitespace, controls, backslashes, non-ASCII.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f-\uffff]/.test(target)) return refused('unsafe_characters');
  const raw = /^(https?):\/\/([^/?#]*)([^?#]*)/i.exec(target);
  if (!raw)
    return refused(
      /^[a-z][a-z0-9+.-]*:/i.test(target) && !/^https?:/i.test(target) ? 'scheme_not_allowed' : 'not_a_url',
    );
  const authority = raw[2].toLowerCase();
  if (authority.length === 0) return refused('not_a_url');
  if (authority.includes('@')) return refused('user_information');
  if (authority.includes('%')) return refused('encoded_authority');
  if (hasTraversal(raw[3])) return refused('path_traversal');
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refused('not_a_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused('scheme_not_allowed');
  if (url.username || url.password) return refused('user_information');
  if (url.hostname.split('.').includes('')) return refused('ambiguous_host');
  // The parser must read the same host that is written: no parser differentials.
  if (url.host !== authority && `${url.host}:${defaultPort(url.protocol)}` !== authority)
    return refused('ambiguous_host');
  // A path that embeds another address ('/https://evil/', '//evil') invites chained redirects.
  if (/\/\/|[a-z][a-z0-9+.-]*:\//i.test(url.pathname)) return refused('embedded_address');
  const port = url.port || defaultPort(url.protocol);
  let best: PatternFit = 'none';
  for (const text of patterns) {
    const pattern = parsePattern(text);
    const fit = pattern ? fitOf(pattern, url, port) : 'none';
    if (fit === 'full') return { allowed: true, matchedPattern: text, reason: null };
    if (FIT_RANK[fit] > FIT_RANK[best]) best = fit;
  }
  if (best === 'origin') return refused('path_not_allowed');
  return refused(best === 'host' ? 'scheme_or_port_mismatch' : 'no_pattern_for_host');
}

/**
 * Is `target` a redirect address the `patterns` permit? ({@link explainRedirect}'s `allowed`.)
 * @param target the untrusted address (e.g. the redirectUrl query parameter)
 * @param patterns the allow-list from GET redirect/allowed-redirect-domains
 * @returns true only for a plainly written absolute http(s) URL matching a pattern
 */
export function isRedirectAllowed(target: unknown, patterns: readonly string[]): boolean {
  return explainRedirect(target, patterns).allowed;
}

/**
 * Why {@link checkRedirectPattern} refuses a pattern (the console's POST admin/redirect-patterns, issue
 * 24 §3): `invalid` — not of the form `scheme://host[:port][/path-prefix]` (a bad host, port or path);
 * `scheme_not_allowed` — not `https:` (`http:` only for a loopback host: localhost, 127.0.0.1);
 * `too_broad` — it would allow any host or a whole top-level domain (`*`, `https://*`, `*.com`,
 * `https://*.com`, a `*` elsewhere than a leading `*.`).
 */
export const REDIRECT_PATTERN_PROBLEMS = ['invalid', 'scheme_not_allowed', 'too_broad'] as const;
export type RedirectPatternProblem = (typeof REDIRECT_PATTERN_PROBLEMS)[number];

/** Hosts `http:` patterns may name: this machine only (RFC 8252 §7.3 loopback redirects). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Is `host` (lower case, no wildcard) a DNS name or IPv4 address of well-formed labels (RFC 1035 §2.3.4)? */
function isWellFormedHost(host: string): boolean {
  if (host.length > 253) return false;
  return host.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
}

/**
 * Checks a pattern before it joins the allow-list: of the form {@link isRedirectAllowed} reads, not too
 * broad, https (http on loopback), and a path prefix the check itself accepts (no dot segments, encoded
 * characters, embedded addresses). Public suffixes of two labels (`*.co.uk`) are not known here (no
 * public-suffix list): a wildcard needs at least two labels after `*.`.
 * @returns the pattern with its scheme and host in lower case, or the problem
 */
export function checkRedirectPattern(
  text: string,
): { pattern: string; problem: null } | { pattern: null; problem: RedirectPatternProblem } {
  const problem = (p: RedirectPatternProblem) => ({ pattern: null, problem: p }) as const;
  const trimmed = text.trim();
  if (trimmed.includes('*') && !/^[a-z][a-z0-9+.-]*:\/\/\*\.[^*]+$/i.test(trimmed))
    return problem('too_broad');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return problem('scheme_not_allowed');
  if (scheme === undefined || !trimmed.slice(scheme.length).startsWith('://')) return problem('invalid');
  const parsed = parsePattern(trimmed);
  if (!parsed || !isWellFormedHost(parsed.hostname)) return problem('invalid');
  const labels = parsed.hostname.split('.');
  if (parsed.wildcard && (labels.length < 2 || /^\d+$/.test(labels.at(-1) ?? '')))
    return problem('too_broad');
  if (scheme === 'http' && (parsed.wildcard || !LOOPBACK_HOSTS.has(parsed.hostname)))
    return problem('scheme_not_allowed');
  if (parsed.port !== '' && (Number(parsed.port) < 1 || Number(parsed.port) > 65_535))
    return problem('invalid');
  const port = parsed.port === '' ? '' : `:${parsed.port}`;
  const path = /^[a-z]+:\/\/[^/]*(\/.*)?$/i.exec(trimmed)?.[1] ?? '';
  const pattern = `${scheme}://${parsed.wildcard ? '*.' : ''}${parsed.hostname}${port}${path}`;
  // The pattern's own address must pass the check it feeds (a sub-domain stands for the wildcard).
  const sample = `${scheme}://${parsed.wildcard ? 'a.' : ''}${parsed.hostname}${port}${path || '/'}`;
  if (!isRedirectAllowed(sample, [pattern])) return problem('invalid');
  return { pattern, problem: null };
}
