/**
 * Branding per environment (spec §1 "behaviour and branding vary by a deployment environment";
 * DESIGN.md §6): one table giving each environment its studio icon, name, colour palette, heading
 * type and corner style. The studio copy (welcome lines, tagline) lives in i18n under
 * `brand.<copyKey>`. Every studio is its own; the generic environments share the community brand
 * "Guildgate" and staging/test/preprod add a small non-production badge in the header.
 *
 * Every text/background pair of a palette reaches WCAG 2.2 AA (≥ 4.5:1), and the focus ring 3:1 against
 * the page, checked by branding.test.ts.
 */
import type { Environment } from '@guildgate/contracts';

/** Colour palette applied as CSS custom properties on the document root (see shared/theme). */
export interface BrandPalette {
  /** Buttons, links and accents; `onPrimary` text on it and it on `background`/white reach 4.5:1. */
  primary: string;
  /** Hover/pressed shade of primary (same contrast rules). */
  primaryStrong: string;
  /** Text on primary buttons. */
  onPrimary: string;
  /** Header, footer band and welcome banner background. */
  header: string;
  /** Text on `header` (≥ 4.5:1). */
  onHeader: string;
  /** The studio's signature colour on `header`: badge, stripe and tagline text (≥ 4.5:1 on header). */
  accent: string;
  /** Page background; body text, muted text and links on it reach 4.5:1. */
  background: string;
  /**
   * The focus ring of the page (`--color-focus`): the studio's own, ≥ 3:1 against `background` and the
   * white cards (WCAG 2.2 1.4.11 non-text contrast). On the header colours the ring is `onHeader`.
   */
  focus: string;
}

/** Which i18n copy block (`brand.<copyKey>.*`) the environment uses. */
export type BrandCopyKey =
  'twoPointStudios' | 'creativeAssembly' | 'focus' | 'sandbox' | 'avalanche' | 'community';

/** Non-production generic environments shown with a header badge (spec §1 staging, test, preprod). */
export type EnvironmentBadge = 'staging' | 'test' | 'preprod';

/** What a player sees of the studio (spec §2 Header: "a studio icon"). */
export interface Branding {
  /** Stable brand id (also `data-brand` on <html> and the icon's file name). */
  id: string;
  /** Name shown in the header and the copy. */
  studioName: string;
  /** Path of the studio emblem (SVG in apps/web/public/brands). */
  icon: string;
  copyKey: BrandCopyKey;
  palette: BrandPalette;
  /** Font stack of headings and the header name (system fonts only: CSP font-src 'self'). */
  headingFont: string;
  /** Corner radius of controls (cards use twice this). */
  radius: string;
  /** Small header badge for a non-production environment; null for studios, local and prod. */
  badge: EnvironmentBadge | null;
}

type Brand = Omit<Branding, 'badge'>;

const SYSTEM_SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** The community brand of the generic environments. */
export const COMMUNITY_BRAND: Brand = {
  id: 'guildgate',
  studioName: 'Guildgate',
  icon: '/brands/guildgate.svg',
  copyKey: 'community',
  palette: {
    primary: '#4a2fb0',
    primaryStrong: '#36208a',
    onPrimary: '#ffffff',
    header: '#231a4d',
    onHeader: '#ffffff',
    accent: '#f2b84b',
    background: '#f4f3f8',
    focus: '#7c3aed',
  },
  headingFont: SYSTEM_SANS,
  radius: '0.375rem',
};

const TWO_POINT_STUDIOS: Brand = {
  id: 'two-point-studios',
  studioName: 'Two Point Studios',
  icon: '/brands/two-point-studios.svg',
  copyKey: 'twoPointStudios',
  palette: {
    primary: '#00707a',
    primaryStrong: '#00545c',
    onPrimary: '#ffffff',
    header: '#064b55',
    onHeader: '#ffffff',
    accent: '#ffc845',
    background: '#eef7f6',
    focus: '#0891b2',
  },
  headingFont: `ui-rounded, 'Nunito', 'Segoe UI Rounded', 'Arial Rounded MT Bold', ${SYSTEM_SANS}`,
  radius: '0.75rem',
};

const CREATIVE_ASSEMBLY: Brand = {
  id: 'creative-assembly',
  studioName: 'Creative Assembly',
  icon: '/brands/creative-assembly.svg',
  copyKey: 'creativeAssembly',
  palette: {
    primary: '#9e1b22',
    primaryStrong: '#7a1218',
    onPrimary: '#ffffff',
    header: '#2a0d0f',
    onHeader: '#f8ecd4',
    accent: '#d9b042',
    background: '#f7f2e8',
    focus: '#a16207',
  },
  headingFont: "Georgia, 'Times New Roman', 'DejaVu Serif', serif",
  radius: '0.125rem',
};

const FOCUS: Brand = {
  id: 'focus',
  studioName: 'Focus Entertainment',
  icon: '/brands/focus.svg',
  copyKey: 'focus',
  palette: {
    primary: '#b03f00',
    primaryStrong: '#8a3100',
    onPrimary: '#ffffff',
    header: '#141414',
    onHeader: '#ffffff',
    accent: '#ff7a1a',
    background: '#f2f2f2',
    focus: '#e05d00',
  },
  headingFont: `'Arial Narrow', 'Roboto Condensed', 'Liberation Sans Narrow', ${SYSTEM_SANS}`,
  radius: '0px',
};

const SANDBOX: Brand = {
  id: 'sandbox',
  studioName: 'Sandbox',
  icon: '/brands/sandbox.svg',
  copyKey: 'sandbox',
  palette: {
    primary: '#80511a',
    primaryStrong: '#633e12',
    onPrimary: '#ffffff',
    header: '#4a3218',
    onHeader: '#fff6e6',
    accent: '#f0c27b',
    background: '#faf4e9',
    focus: '#b45309',
  },
  headingFont: `'Trebuchet MS', 'Verdana', ${SYSTEM_SANS}`,
  radius: '0.5rem',
};

const AVALANCHE: Brand = {
  id: 'avalanche',
  studioName: 'Avalanche Studios',
  icon: '/brands/avalanche.svg',
  copyKey: 'avalanche',
  palette: {
    primary: '#1a5f8f',
    primaryStrong: '#134a70',
    onPrimary: '#ffffff',
    header: '#0b2740',
    onHeader: '#ffffff',
    accent: '#8fdcff',
    background: '#edf4f9',
    focus: '#0284c7',
  },
  headingFont: `'Segoe UI', 'Helvetica Neue', 'DejaVu Sans', ${SYSTEM_SANS}`,
  radius: '0.25rem',
};

/** The branding table: one row per environment of spec §1. */
export const BRANDING: Readonly<Record<Environment, Branding>> = {
  'TWO-POINT-STUDIOS': { ...TWO_POINT_STUDIOS, badge: null },
  'CREATIVE-ASSEMBLY': { ...CREATIVE_ASSEMBLY, badge: null },
  FOCUS: { ...FOCUS, badge: null },
  SANDBOX: { ...SANDBOX, badge: null },
  AVALANCHE: { ...AVALANCHE, badge: null },
  local: { ...COMMUNITY_BRAND, badge: null },
  staging: { ...COMMUNITY_BRAND, badge: 'staging' },
  test: { ...COMMUNITY_BRAND, badge: 'test' },
  preprod: { ...COMMUNITY_BRAND, badge: 'preprod' },
  prod: { ...COMMUNITY_BRAND, badge: null },
};

/** The branding of an environment (spec §1). */
export function brandingFor(environment: Environment): Branding {
  return BRANDING[environment];
}
