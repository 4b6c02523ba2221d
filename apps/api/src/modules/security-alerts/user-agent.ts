/**
 * The device of a security event as an alert names it (issue 22 §6): the browser and the operating
 * system parsed from the request's `User-Agent` with `ua-parser-js` 1.x (MIT; 2.x is AGPL), e.g.
 * `{ browser: 'Firefox 128', os: 'Ubuntu' }`. Only the major version is kept: the rest adds nothing a
 * player would recognise.
 */
import { UAParser } from 'ua-parser-js';

/** A parsed user agent; either part is null when the header does not tell it. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

/** Longest header parsed (the sessions keep 512 characters of it too). */
const MAX_USER_AGENT_LENGTH = 512;

/** `name` and `version` joined, or null without a name. */
function named(name: string | undefined, version: string | undefined): string | null {
  if (!name) return null;
  return version ? `${name} ${version}` : name;
}

/** The browser (name and major version) and operating system (name and version) of `userAgent`. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const parsed = new UAParser(userAgent.slice(0, MAX_USER_AGENT_LENGTH)).getResult();
  return {
    browser: named(parsed.browser.name, parsed.browser.version?.split('.')[0]),
    os: named(parsed.os.name, parsed.os.version),
  };
}
