/**
 * The captcha step-up of the log-in forms (docs/security.md "Throttling"): a log-in the API answers with
 * ERROR_CAPTCHA_REQUIRED is sent once more with a fresh step-up token; any other answer, or no token to
 * be had, is the call's own.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { withCaptchaStepUp } from './captcha.ts';

const refusal = (code: string) =>
  new ApiError(400, { ErrorMessages: [{ Property: '', ErrorMessage: code }] });

describe('withCaptchaStepUp', () => {
  it('sends again with the step-up token when the API asks for a captcha', async () => {
    const sent: Array<string | null> = [];
    const answer = await withCaptchaStepUp(
      async (token) => {
        sent.push(token);
        if (token !== 'step-up-token') throw refusal('ERROR_CAPTCHA_REQUIRED');
        return { Created: 'handle' };
      },
      null,
      async () => 'step-up-token',
    );
    expect(answer).toEqual({ Created: 'handle' });
    expect(sent).toEqual([null, 'step-up-token']);
  });

  it('keeps every other refusal, and the first one when there is no step-up token', async () => {
    let stepUps = 0;
    const stepUp = async () => {
      stepUps += 1;
      return 'step-up-token';
    };
    const wrong = refusal('ERROR_USERNAME_PASSWORD_INCORRECT');
    await expect(withCaptchaStepUp(() => Promise.reject(wrong), 'form-token', stepUp)).rejects.toBe(wrong);
    expect(stepUps).toBe(0);
    const asked = refusal('ERROR_CAPTCHA_REQUIRED');
    await expect(
      withCaptchaStepUp(
        () => Promise.reject(asked),
        null,
        async () => null,
      ),
    ).rejects.toBe(asked);
    // The second refusal (a wrong password after the captcha) is the one the form shows.
    let calls = 0;
    await expect(
      withCaptchaStepUp(() => Promise.reject(calls++ === 0 ? asked : wrong), null, stepUp),
    ).rejects.toBe(wrong);
    expect(stepUps).toBe(1);
  });
});
