/** Tests of the reset page's reading of a dead link (spec §8 PASSWORD_RECOVERY NOTEXISTS / EXPIRED). */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { deadLinkCode } from './recovery-link.ts';

const rejected = (status: number, ...items: [string, string][]) =>
  new ApiError(status, {
    ErrorMessages: items.map(([Property, ErrorMessage]) => ({ Property, ErrorMessage })),
  });

describe('deadLinkCode', () => {
  it('reads a used or unknown link and an expired one', () => {
    expect(deadLinkCode(rejected(400, ['', 'ERROR_PASSWORD_RECOVERY_NOTEXISTS']))).toBe(
      'ERROR_PASSWORD_RECOVERY_NOTEXISTS',
    );
    expect(deadLinkCode(rejected(400, ['', 'ERROR_PASSWORD_RECOVERY_EXPIRED']))).toBe(
      'ERROR_PASSWORD_RECOVERY_EXPIRED',
    );
  });
  it('leaves the form for anything else: field errors, bans, limits, network', () => {
    expect(deadLinkCode(rejected(400, ['Password', 'ERROR_PASSWORD_LENGTH']))).toBeNull();
    expect(deadLinkCode(rejected(400, ['', 'ERROR_USER_IP_BANNED']))).toBeNull();
    expect(deadLinkCode(new ApiError(429))).toBeNull();
    expect(deadLinkCode(new ApiError(0, null, 'offline', { unreachable: true }))).toBeNull();
    expect(deadLinkCode(new Error('x'))).toBeNull();
  });
});
