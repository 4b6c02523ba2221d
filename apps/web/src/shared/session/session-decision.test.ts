/** Tests of the session decision (spec §4 Session). */
import { describe, expect, it } from 'vitest';
import type { Token } from '@guildgate/contracts';
import { decideSession, renewalTime } from './session-decision.ts';

const now = Date.parse('2025-06-15T12:00:00Z');
const token: Token = {
  Value: 'jwt',
  Refresh: 'refresh',
  Id_User: 'u-1',
  Validated: true,
  Refreshed: false,
  ExprireAt: '2025-06-15T12:15:00Z',
  ExpiresIn: 900,
};

describe('decideSession', () => {
  it('keeps a valid, validated, unexpired token', () => {
    expect(decideSession(token, now)).toBe('keep');
  });
  it('clears when the token is null or missing', () => {
    expect(decideSession(null, now)).toBe('clear');
    expect(decideSession(undefined, now)).toBe('clear');
  });
  it('clears when the token is not validated', () => {
    expect(decideSession({ ...token, Validated: false }, now)).toBe('clear');
  });
  it('clears when the token expired and was not refreshed', () => {
    expect(decideSession({ ...token, ExprireAt: '2025-06-15T11:59:59Z' }, now)).toBe('clear');
    expect(decideSession({ ...token, ExprireAt: '2025-06-15T12:00:00Z' }, now)).toBe('clear');
  });
  it('keeps a token the server just refreshed', () => {
    expect(decideSession({ ...token, Refreshed: true, ExprireAt: '2025-06-15T12:15:00Z' }, now)).toBe('keep');
  });
  it('clears when the expiry cannot be read', () => {
    expect(decideSession({ ...token, ExprireAt: 'soon' }, now)).toBe('clear');
  });
});

describe('renewalTime', () => {
  it('counts ExpiresIn from reception, minus the margin', () => {
    expect(renewalTime(token, 1_000, 30_000)).toBe(1_000 + 870_000);
    expect(renewalTime({ ...token, ExpiresIn: 10 }, 1_000, 30_000)).toBe(1_000);
  });
});
