/**
 * Tests of the branding table (spec §1 "branding varies by environment"; issue 3: each studio visibly
 * its own, the generic environments share the community brand; WCAG 2.2 AA contrast).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, GENERIC_ENVIRONMENTS, STUDIO_ENVIRONMENTS } from '@guildgate/contracts';
import { RESOURCES } from '../shared/i18n/resources.ts';
import { tint } from '../shared/theme/apply-theme.ts';
import { BRANDING, COMMUNITY_BRAND, brandingFor } from './branding.ts';
import { contrastRatio } from './contrast.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
const HEX = /^#[0-9a-f]{6}$/i;
const SURFACE = '#ffffff';
const TEXT = '#1b1b22';
const TEXT_MUTED = '#4d4d5c';

describe('the branding table', () => {
  it('has a row for every environment with a name, an icon that exists and a full palette', () => {
    expect(Object.keys(BRANDING).sort()).toEqual([...ENVIRONMENTS].sort());
    for (const environment of ENVIRONMENTS) {
      const b = brandingFor(environment);
      expect(b.studioName, environment).not.toBe('');
      expect(b.icon, environment).toMatch(/^\/brands\/[a-z-]+\.svg$/);
      expect(existsSync(`${PUBLIC_DIR}${b.icon}`), `${environment}: ${b.icon}`).toBe(true);
      for (const [name, colour] of Object.entries(b.palette))
        expect(colour, `${environment} ${name}`).toMatch(HEX);
      expect(b.headingFont).not.toBe('');
      expect(b.radius).toMatch(/^\d+(\.\d+)?(rem|px)$/);
    }
  });

  it('makes each studio its own: name, icon, id and colours differ between studios and from the community', () => {
    const brands = [...STUDIO_ENVIRONMENTS.map(brandingFor), COMMUNITY_BRAND];
    for (const field of ['id', 'studioName', 'icon', 'copyKey'] as const)
      expect(new Set(brands.map((b) => b[field])).size, field).toBe(brands.length);
    for (const colour of ['primary', 'header', 'accent', 'background', 'focus'] as const)
      expect(new Set(brands.map((b) => b.palette[colour])).size, colour).toBe(brands.length);
  });

  it('gives the generic environments the community brand "Guildgate"', () => {
    for (const environment of GENERIC_ENVIRONMENTS) {
      const { badge, ...brand } = brandingFor(environment);
      expect(brand, environment).toEqual(COMMUNITY_BRAND);
      expect(badge).toBe(['staging', 'test', 'preprod'].includes(environment) ? environment : null);
    }
    for (const environment of STUDIO_ENVIRONMENTS) expect(brandingFor(environment).badge).toBeNull();
    expect(COMMUNITY_BRAND.studioName).toBe('Guildgate');
  });

  it('keeps every text colour pair at WCAG 2.2 AA (4.5:1)', () => {
    for (const environment of ENVIRONMENTS) {
      const p = brandingFor(environment).palette;
      const pairs: [string, string, string][] = [
        ['button text on primary', p.onPrimary, p.primary],
        ['button text on primary (hover)', p.onPrimary, p.primaryStrong],
        ['header text on header', p.onHeader, p.header],
        ['accent (tagline, badge) on header', p.accent, p.header],
        ['links on the page background', p.primary, p.background],
        ['links on cards', p.primary, SURFACE],
        ['hovered links on the page background', p.primaryStrong, p.background],
        ['secondary button text on its hover tint', p.primary, tint(p.primary, 0.9)],
        ['body text on the page background', TEXT, p.background],
        ['muted text on the page background', TEXT_MUTED, p.background],
      ];
      for (const [what, fg, bg] of pairs)
        expect(contrastRatio(fg, bg), `${environment}: ${what} (${fg} on ${bg})`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("draws the focus ring in the studio's own colour at 3:1 against the page and the cards", () => {
    for (const environment of ENVIRONMENTS) {
      const p = brandingFor(environment).palette;
      expect(p.focus, environment).not.toBe(p.primary);
      for (const [what, bg] of [
        ['page background', p.background],
        ['cards', SURFACE],
      ] as const)
        expect(contrastRatio(p.focus, bg), `${environment}: focus ring on ${what}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has the studio copy of every brand in every language', () => {
    for (const environment of ENVIRONMENTS) {
      const { copyKey, studioName } = brandingFor(environment);
      for (const language of ['en', 'fr'] as const) {
        const copy = RESOURCES[language].translation.brand[copyKey];
        expect(copy.welcome, `${language} ${copyKey}`).toContain(studioName);
        expect(copy.login).toContain(studioName);
        expect(copy.tagline).not.toBe('');
      }
    }
    expect(RESOURCES.en.translation.brand.twoPointStudios.welcome).toBe(
      'Welcome to the Two Point Studios community',
    );
  });
});

describe('contrastRatio', () => {
  it('follows the WCAG definition', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
