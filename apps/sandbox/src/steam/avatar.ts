/**
 * The avatars of the Steam stand-in's accounts: a small deterministic SVG per account, the persona's
 * initials in white on a colour derived from the SteamID64 (the same id always gets the same colour).
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../shared/html.ts';

/** Edge lengths in px of Steam's three avatar sizes: `avatar`, `avatarmedium`, `avatarfull`. */
export const AVATAR_SIZES = { small: 32, medium: 64, full: 184 } as const;

/** One of the sizes of {@link AVATAR_SIZES}. */
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Whether `value` names one of {@link AVATAR_SIZES}. */
export function isAvatarSize(value: unknown): value is AvatarSize {
  return typeof value === 'string' && Object.hasOwn(AVATAR_SIZES, value);
}

/** Up to two initials of `personaName`, upper case: "Gabe Sandbox" → "GS", "ada" → "A", "" → "?". */
export function initials(personaName: string): string {
  const letters = personaName
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => String.fromCodePoint(word.codePointAt(0) ?? 0x3f));
  return letters.join('').toUpperCase() || '?';
}

/** Background hue in degrees (0–359) of `steamid`, from the SHA-256 of the id. */
export function avatarHue(steamid: string): number {
  return createHash('sha256').update(steamid).digest().readUInt16BE(0) % 360;
}

/**
 * The SVG document (UTF-8 text) of the avatar of `steamid` named `personaName`, `size` px square. The
 * background is dark enough (HSL saturation 60 %, lightness 28 %) for white text to keep a 4.5:1 contrast at any hue.
 */
export function avatarSvg(steamid: string, personaName: string, size: AvatarSize = 'full'): string {
  const edge = AVATAR_SIZES[size];
  const text = escapeHtml(initials(personaName));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${edge}" height="${edge}" viewBox="0 0 64 64" role="img">`,
    `<title>${escapeHtml(personaName)}</title>`,
    `<rect width="64" height="64" fill="hsl(${avatarHue(steamid)}, 60%, 28%)"/>`,
    `<text x="32" y="33" fill="#fff" font-family="system-ui, sans-serif" font-size="26" font-weight="600" text-anchor="middle" dominant-baseline="middle">${text}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

/** A 40-hex-digit hash of the avatar (Steam's `avatarhash`): SHA-1 of the full-size SVG. */
export function avatarHash(steamid: string, personaName: string): string {
  return createHash('sha1').update(avatarSvg(steamid, personaName)).digest('hex');
}
