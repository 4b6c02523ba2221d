/**
 * Applies an environment's branding to the document (DESIGN.md §3 "CSS custom properties for themes",
 * §6; spec §1 branding): palette (focus ring included), heading font and corner radius as CSS custom
 * properties on the root,
 * `data-brand` for brand-specific styling, and the studio emblem as the favicon.
 * Custom properties are set through the CSSOM, which the Content-Security-Policy (no inline style) allows.
 */
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

/** The CSS custom properties of a branding (pure; see theme.css for the defaults). */
export function themeProperties(branding: Branding): Record<string, string> {
  const p = branding.palette;
  return {
    '--color-primary': p.primary,
    '--color-primary-strong': p.primaryStrong,
    '--color-primary-tint': tint(p.primary, 0.9),
    '--color-on-primary': p.onPrimary,
    '--color-header': p.header,
    '--color-on-header': p.onHeader,
    '--color-accent': p.accent,
    '--color-bg': p.background,
    '--color-focus': p.focus,
    '--font-heading': branding.headingFont,
    '--radius': branding.radius,
  };
}

/** The part of the document applyTheme touches (an element's style and dataset). */
export interface ThemeRoot {
  style: Pick<CSSStyleDeclaration, 'setProperty'>;
  dataset: DOMStringMap;
}

/** Sets the brand on the document root and, when there is a document, the favicon. */
export function applyTheme(branding: Branding, root: ThemeRoot = document.documentElement): void {
  for (const [name, value] of Object.entries(themeProperties(branding))) root.style.setProperty(name, value);
  root.dataset.brand = branding.id;
  if (typeof document !== 'undefined') {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = branding.icon;
  }
}
