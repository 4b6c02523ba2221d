/** Tests of the environment behaviour table (spec §1, §2, §4, §9; issue 20 §8). */
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT_BEHAVIOUR,
  ENVIRONMENTS,
  GENERIC_ENVIRONMENTS,
  type EnvironmentBehaviour,
} from './environments.ts';

/** The environments where `field` is true. */
const where = (field: Exclude<keyof EnvironmentBehaviour, 'partnerKey'>) =>
  ENVIRONMENTS.filter((e) => ENVIRONMENT_BEHAVIOUR[e][field]);

describe('ENVIRONMENT_BEHAVIOUR', () => {
  it('gives each studio environment its spec behaviour', () => {
    expect(where('partnerSignOn')).toEqual(['CREATIVE-ASSEMBLY', 'FOCUS']);
    expect(where('oneStepLogin')).toEqual(['TWO-POINT-STUDIOS', 'SANDBOX']);
    expect(where('studioRules')).toEqual(['TWO-POINT-STUDIOS']);
    expect(where('registerValidatePage')).toEqual(['TWO-POINT-STUDIOS']);
    expect(where('hiddenEmailSection')).toEqual(['TWO-POINT-STUDIOS']);
    expect(where('oldPasswordField')).toEqual(['TWO-POINT-STUDIOS']);
    expect(where('supportDeletion')).toEqual(['AVALANCHE']);
    expect(ENVIRONMENTS.filter((e) => !ENVIRONMENT_BEHAVIOUR[e].registerTooFastRule)).toEqual([
      'CREATIVE-ASSEMBLY',
    ]);
  });

  it('names the partner exactly where partner sign-on is on', () => {
    for (const e of ENVIRONMENTS)
      expect(ENVIRONMENT_BEHAVIOUR[e].partnerKey !== null, e).toBe(ENVIRONMENT_BEHAVIOUR[e].partnerSignOn);
    expect(ENVIRONMENT_BEHAVIOUR['CREATIVE-ASSEMBLY'].partnerKey).toBe('creative-assembly');
    expect(ENVIRONMENT_BEHAVIOUR.FOCUS.partnerKey).toBe('focus');
  });

  it('changes nothing in the generic environments', () => {
    for (const e of GENERIC_ENVIRONMENTS)
      expect(ENVIRONMENT_BEHAVIOUR[e], e).toEqual(ENVIRONMENT_BEHAVIOUR.local);
    expect(ENVIRONMENT_BEHAVIOUR.local.registerTooFastRule).toBe(true);
    expect(Object.values(ENVIRONMENT_BEHAVIOUR.local).filter((v) => v !== false && v !== null)).toEqual([
      true,
    ]);
  });
});
