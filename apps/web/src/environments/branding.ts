/**
 * Branding per environment (spec §1 "behaviour and branding vary by a deployment environment";
 * DESIGN.md §6): studio name shown in the header, a monogram icon and the theme colours. Kept simple;
 * full branding comes in a later issue. All colour pairs meet WCAG 2.2 AA contrast (≥ 4.5:1).
 */
import type { Environment } from '@guildgate/contracts';

/** Theme colours applied as CSS custom properties (see shared/theme). */
export interface BrandColours {
  /** Buttons, links and accents; white text on it must reach 4.5:1. */
  primary: string;
  /** Hover/pressed shade of primary. */
  primaryStrong: string;
  /** Header background; white text on it must reach 4.5:1. */
  header: string;
}

/** What a player sees of the studio (spec §2 Header: "a studio icon"). */
export interface Branding {
  studioName: string;
  /** One or two letters drawn in the header icon. */
  monogram: string;
  colours: BrandColours;
}

const COMMUNITY: Branding = {
  studioName: 'Guildgate',
  monogram: 'G',
  colours: { primary: '#4a2fb0', primaryStrong: '#36208a', header: '#231a4d' },
};

const BRANDING: Record<Environment, Branding> = {
  'TWO-POINT-STUDIOS': {
    studioName: 'Two Point Studios',
    monogram: '2P',
    colours: { primary: '#1d5a9e', primaryStrong: '#15467c', header: '#0f2f55' },
  },
  'CREATIVE-ASSEMBLY': {
    studioName: 'Creative Assembly',
    monogram: 'CA',
    colours: { primary: '#9b1c1c', primaryStrong: '#7a1414', header: '#3d0b0b' },
  },
  SANDBOX: {
    studioName: 'Sandbox',
    monogram: 'SB',
    colours: { primary: '#2f6b2f', primaryStrong: '#225222', header: '#173617' },
  },
  FOCUS: {
    studioName: 'Focus Entertainment',
    monogram: 'F',
    colours: { primary: '#a13d00', primaryStrong: '#7f3000', header: '#3a1a05' },
  },
  AVALANCHE: {
    studioName: 'Avalanche Studios',
    monogram: 'AV',
    colours: { primary: '#1e5670', primaryStrong: '#154257', header: '#0d2a38' },
  },
  local: COMMUNITY,
  staging: COMMUNITY,
  test: COMMUNITY,
  preprod: COMMUNITY,
  prod: COMMUNITY,
};

/** The branding of an environment (spec §1). */
export function brandingFor(environment: Environment): Branding {
  return BRANDING[environment];
}
