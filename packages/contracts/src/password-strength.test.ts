/**
 * The common-password rule and the estimator (password-strength.ts; issue 22 §9): common and breached
 * passwords, in leetspeak or with a year, and the player's own words are refused; a long passphrase or a
 * random string is not; the estimator loads once.
 */
import { describe, expect, it } from 'vitest';
import { isCommonPassword, loadPasswordStrength, passwordUserInputs } from './password-strength.ts';

async function common(password: string, ...words: string[]): Promise<boolean> {
  const estimate = await loadPasswordStrength();
  return isCommonPassword(estimate(password, passwordUserInputs(...words)));
}

describe('isCommonPassword', () => {
  it.each([
    'Password1',
    'Qwerty123',
    'P@ssw0rd',
    'Summer2024!',
    'iloveyou1',
    'PASSWORD1',
    'Azerty123',
    'Letmein2023',
  ])('refuses %s', async (password) => {
    expect(await common(password, 'Player')).toBe(true);
  });

  it("refuses the player's own username and words of their address, with digits around them", async () => {
    expect(await common('Zorblaxian', 'Zorblaxian')).toBe(true);
    expect(await common('zorblaxian2024', 'Zorblaxian')).toBe(true);
    expect(await common('Quillfeather1', 'Player', 'amy.quillfeather@example.test')).toBe(true);
    // The same passwords, for another player, are not dictionary words.
    expect(await common('zorblaxian2024', 'Player', 'player@example.test')).toBe(false);
  });

  it('accepts a long passphrase and random strings', async () => {
    expect(await common('correct horse battery staple 9', 'Player')).toBe(false);
    expect(await common('Vq7-moss-Turbine-42', 'Player')).toBe(false);
    expect(await common('Fjq8zvR2mkTp', 'Player')).toBe(false);
    expect(await common('Journey2024Pass', 'Player')).toBe(false);
  });

  it('is the score below 3 with a dictionary match, nothing else', () => {
    expect(isCommonPassword({ score: 2, guessesLog10: 7, dictionaryMatch: true })).toBe(true);
    expect(isCommonPassword({ score: 3, guessesLog10: 8.5, dictionaryMatch: true })).toBe(false);
    // Guessable for other reasons (a keyboard walk, a sequence): the §5 rules are the policy there.
    expect(isCommonPassword({ score: 1, guessesLog10: 4, dictionaryMatch: false })).toBe(false);
  });
});

describe('passwordUserInputs', () => {
  it('gives the words whole, the local part and its parts, lower case and once', () => {
    expect(passwordUserInputs('AdaL', 'Ada.Lovelace+games@Example.test', null, ' ', 'adal')).toEqual([
      'adal',
      'ada.lovelace+games@example.test',
      'ada.lovelace+games',
      'ada',
      'lovelace',
      'games',
    ]);
  });
});

describe('loadPasswordStrength', () => {
  it('loads the estimator once and shares it', async () => {
    const [first, second] = await Promise.all([loadPasswordStrength(), loadPasswordStrength()]);
    expect(first).toBe(second);
    expect(await loadPasswordStrength()).toBe(first);
    expect(first('Password1', []).score).toBe(0);
  });
});
