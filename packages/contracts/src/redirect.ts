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
 * Is `target` a redirect address the `patterns` permit?
 * @param target the untrusted address (e.g. the redirectUrl query parameter)
 * @param patterns the allow-list from GET redirect/allowed-redirect-domains
 * @returns true only for a plainly written absolute http(s) URL matching a pattern
 */
export function isRedirectAllowed(target: unknown, patterns: readonly string[]): boolean {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return false;
  // Anything a browser might reinterpret: whitespace, controls, backslashes, non-ASCII.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f-\uffff]/.test(target)) return false;
  const raw = /^(https?):\/\/([^/?#]*)([^?#]*)/i.exec(target);
  if (!raw) return false;
  const authority = raw[2].toLowerCase();
  if (authority.length === 0 || /[@%]/.test(authority)) return false;
  if (hasTraversal(raw[3])) return false;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  if (url.hostname.split('.').includes('')) return false;
  // The parser must read the same host that is written: no parser differentials.
  if (url.host !== authority && `${url.host}:${defaultPort(url.protocol)}` !== authority) return false;
  // A path that embeds another address ('/https://evil/', '//evil') invites chained redirects.
  if (/\/\/|[a-z][a-z0-9+.-]*:\//i.test(url.pathname)) return false;
  const port = url.port || defaultPort(url.protocol);
  return patterns.some((text) => {
    const pattern = parsePattern(text);
    if (!pattern || pattern.protocol !== url.protocol) return false;
    if ((pattern.port || defaultPort(pattern.protocol)) !== port) return false;
    const hostOk = pattern.wildcard
      ? url.hostname.endsWith(`.${pattern.hostname}`)
      : url.hostname === pattern.hostname;
    if (!hostOk) return false;
    const prefix = pattern.pathPrefix;
    if (prefix === '/' || url.pathname === prefix) return true;
    const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
    return url.pathname.startsWith(base);
  });
}
