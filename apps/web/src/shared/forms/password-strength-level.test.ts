/** The strength meter's levels (password-strength-level.ts). */
import { describe, expect, it } from 'vitest';
import { loadPasswordStrength } from '@guildgate/contracts';
import { passwordStrengthLevel } from './password-strength-level.ts';

describe('passwordStrengthLevel', () => {
  it('maps the score, and calls weak whatever the server refuses as common', () => {
    expect(passwordStrengthLevel({ score: 0, guessesLog10: 1, dictionaryMatch: false })).toBe('weak');
    expect(passwordStrengthLevel({ score: 1, guessesLog10: 4, dictionaryMatch: false })).toBe('weak');
    expect(passwordStrengthLevel({ score: 2, guessesLog10: 7, dictionaryMatch: false })).toBe('fair');
    expect(passwordStrengthLevel({ score: 2, guessesLog10: 7, dictionaryMatch: true })).toBe('weak');
    expect(passwordStrengthLevel({ score: 3, guessesLog10: 9, dictionaryMatch: true })).toBe('good');
    expect(passwordStrengthLevel({ score: 4, guessesLog10: 12, dictionaryMatch: false })).toBe('strong');
  });

  it('gives real passwords the level the e2e tests expect', async () => {
    const estimate = await loadPasswordStrength();
    expect(passwordStrengthLevel(estimate('Password1', []))).toBe('weak');
    expect(passwordStrengthLevel(estimate('Summer2024!', []))).toBe('weak');
    expect(passwordStrengthLevel(estimate('Vq7-moss-Turbine-42', []))).toBe('strong');
  });
});
