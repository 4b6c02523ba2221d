/** Accessibility check for every page an end-to-end test reaches (DESIGN.md §6, §7: WCAG 2.2 AA). */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the current page and fails with the violations' ids and targets when there are any.
 * Legacy mode runs axe in the page itself; the default mode opens a blank page per call to combine
 * frame results, which doubled the time of each check (about 1 s → 0.5 s) while our pages have no
 * cross-origin frames to combine.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label} (${page.url()})`).toEqual([]);
}
