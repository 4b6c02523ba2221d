/** Tests of the request-log redaction (house rule 9). */
import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('drops the query, where one-time link secrets travel', () => {
    expect(redactUrl('/api/email/update-email-confirm?uid=secret-token')).toBe(
      '/api/email/update-email-confirm',
    );
    expect(redactUrl('/unsubscribe?token=a.b.c')).toBe('/unsubscribe');
  });
  it('masks the identity handle of GET token/{identity}', () => {
    expect(redactUrl('/api/token/abcdef0123')).toBe('/api/token/[redacted]');
    expect(redactUrl('/api/token/refresh?access_token=x&refresh_token=y')).toBe('/api/token/refresh');
    expect(redactUrl('/api/token/verify?access_token=x')).toBe('/api/token/verify');
  });
  it('keeps other paths', () => {
    expect(redactUrl('/api/profile/user/42')).toBe('/api/profile/user/42');
  });
});
