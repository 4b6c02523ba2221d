/**
 * The re-authentication of sensitive changes in the SPA (docs/security.md "Re-authentication"): a change
 * the API answers ERROR_REAUTHENTICATION_REQUIRED waits for the password dialog and is sent once more
 * when the password was proved; given up, or refused otherwise, the change's own rejection stands.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { needsReauthentication, withReauthentication } from './use-reauthentication.tsx';

const refusal = (code: string) =>
  new ApiError(400, { ErrorMessages: [{ Property: '', ErrorMessage: code }] });

describe('withReauthentication', () => {
  it('asks for the password and sends the change again once it was proved', async () => {
    let sent = 0;
    let asked = 0;
    const answer = await withReauthentication(
      async () => {
        sent += 1;
        if (sent === 1) throw refusal('ERROR_REAUTHENTICATION_REQUIRED');
        return 'changed';
      },
      async () => {
        asked += 1;
        return true;
      },
    );
    expect({ answer, sent, asked }).toEqual({ answer: 'changed', sent: 2, asked: 1 });
  });

  it('keeps the refusal when the player gives up, and never asks for other refusals', async () => {
    const required = refusal('ERROR_REAUTHENTICATION_REQUIRED');
    await expect(
      withReauthentication(
        () => Promise.reject(required),
        async () => false,
      ),
    ).rejects.toBe(required);
    let asked = 0;
    const other = refusal('ERROR_CONFIRM_PASSWORD_INVALID');
    await expect(
      withReauthentication(
        () => Promise.reject(other),
        async () => {
          asked += 1;
          return true;
        },
      ),
    ).rejects.toBe(other);
    expect(asked).toBe(0);
    expect(needsReauthentication(required)).toBe(true);
    expect(needsReauthentication(new ApiError(401))).toBe(false);
    expect(needsReauthentication(new Error('ERROR_REAUTHENTICATION_REQUIRED'))).toBe(false);
  });
});
