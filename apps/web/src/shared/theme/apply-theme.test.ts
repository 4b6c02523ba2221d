/** Tests of the theme applier (spec §1 branding; DESIGN.md §3 CSS custom properties). */
import { describe, expect, it } from 'vitest';
import { brandingFor } from '../../environments/index.ts';
import { applyTheme, themeProperties, tint } from './apply-theme.ts';

describe('applyTheme', () => {
  it('sets the palette, heading font and radius as custom properties and marks the brand', () => {
    const set = new Map<string, string>();
    const root = {
      style: { setProperty: (name: string, value: string) => void set.set(name, value) },
      dataset: {},
    };
    const branding = brandingFor('CREATIVE-ASSEMBLY');
    applyTheme(branding, root);
    expect(set.get('--color-primary')).toBe(branding.palette.primary);
    expect(set.get('--color-header')).toBe(branding.palette.header);
    expect(set.get('--color-accent')).toBe(branding.palette.accent);
    expect(set.get('--color-bg')).toBe(branding.palette.background);
    expect(set.get('--color-focus')).toBe(branding.palette.focus);
    expect(set.get('--font-heading')).toContain('Georgia');
    expect(root.dataset).toEqual({ brand: 'creative-assembly' });
    expect([...set.keys()]).toEqual(Object.keys(themeProperties(branding)));
  });
  it('mixes tints with white', () => {
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#4a2fb0', 0)).toBe('#4a2fb0');
    expect(tint('#4a2fb0', 1)).toBe('#ffffff');
  });
});
