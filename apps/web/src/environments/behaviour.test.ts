/** Tests of the environment behaviour table (spec §2 My information, Deletion request; §9). */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '@guildgate/contracts';
import { behaviourFor, DELETION_SUPPORT_URL } from './behaviour.ts';

describe('behaviourFor', () => {
  it('deletes through support in AVALANCHE only, with its support link', () => {
    const support = ENVIRONMENTS.filter((e) => behaviourFor(e).deletionMode === 'contact-support');
    expect(support).toEqual(['AVALANCHE']);
    expect(behaviourFor('AVALANCHE').deletionSupportUrl).toBe(DELETION_SUPPORT_URL);
    expect(new URL(DELETION_SUPPORT_URL).protocol).toBe('https:');
    for (const e of ENVIRONMENTS.filter((name) => name !== 'AVALANCHE'))
      expect(behaviourFor(e).deletionSupportUrl, e).toBeNull();
  });

  it('skips the deletion password check, and every identity update, in the partner environments', () => {
    for (const e of ENVIRONMENTS) {
      const partner = e === 'CREATIVE-ASSEMBLY' || e === 'FOCUS';
      const b = behaviourFor(e);
      expect([b.deletionPasswordCheck, b.canUpdateIdentity, b.showPasswordSection], e).toEqual([
        !partner,
        !partner,
        !partner,
      ]);
    }
  });

  it('hides the e-mail section in TWO-POINT-STUDIOS only', () => {
    const hidden = ENVIRONMENTS.filter((e) => !behaviourFor(e).showEmailSection);
    expect(hidden).toEqual(['TWO-POINT-STUDIOS']);
  });
});
