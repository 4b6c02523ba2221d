/**
 * The device a `User-Agent` header names (issue 22 §5, §7: "Where you're signed in", "Recent activity"),
 * parsed with ua-parser-js 1.x (MIT; 2.x is AGPL-3.0 and not acceptable here). Only the header is read:
 * no client hints, no network. The shape is the contracts' `Device`.
 */
import { UAParser } from 'ua-parser-js';
import type { Device } from '@guildgate/contracts';

/** `name version` of a part, the version cut to `versionParts` dot-separated parts; null without a name. */
function named(name: string | undefined, version: string | undefined, versionParts: number): string | null {
  if (!name) return null;
  const cut = version?.split('.').slice(0, versionParts).join('.');
  return cut ? `${name} ${cut}` : name;
}

/**
 * Parses `userAgent` (a stored `User-Agent`, at most 512 characters).
 * @returns the browser (name and major version), OS (name and version), device type (`desktop` when the
 *   agent names none but a browser or OS) and vendor/model; every part null for a null or unknown agent
 */
export function describeDevice(userAgent: string | null | undefined): Device {
  const unknown: Device = { Browser: null, Os: null, Type: null, Model: null };
  if (!userAgent) return unknown;
  const parsed = new UAParser(userAgent).getResult();
  const browser = named(parsed.browser.name, parsed.browser.version, 1);
  const os = named(parsed.os.name, parsed.os.version, 2);
  const model = [parsed.device.vendor, parsed.device.model].filter(Boolean).join(' ') || null;
  const type = parsed.device.type ?? (browser || os ? 'desktop' : null);
  return { Browser: browser, Os: os, Type: type, Model: model };
}
