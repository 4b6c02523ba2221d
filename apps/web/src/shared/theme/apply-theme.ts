/** Applies an environment's colours as CSS custom properties (DESIGN.md §3, §6; spec §1 branding). */
import type { Branding } from '../../environments/index.ts';

/** Mixes a #rrggbb colour with white (for light tints). */
export function tint(hex: string, whiteShare: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (255 - c) * whiteShare);
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** Sets the brand colours on the document root. */
export function applyTheme(branding: Branding, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--color-primary', branding.colours.primary);
  root.style.setProperty('--color-primary-strong', branding.colours.primaryStrong);
  root.style.setProperty('--color-primary-tint', tint(branding.colours.primary, 0.9));
  root.style.setProperty('--color-header', branding.colours.header);
}
