/** Tests of the fuzz checks themselves (bad-input-support.ts): they must be able to fail. */
import { describe, expect, it } from 'vitest';
import { NAUGHTY, PAYLOADS, reflectedMarkup } from './bad-input-support.ts';

describe('fuzz support', () => {
  it('finds markup of the body or the URL carried back unescaped, and only that', () => {
    const xss = '<script>alert(1)</script>';
    expect(reflectedMarkup({ payload: { Email: xss } }, `{"echo":"${xss}"}`)).toEqual([xss]);
    expect(reflectedMarkup({ payload: { a: [{ b: xss }] } }, xss)).toEqual([xss]);
    expect(reflectedMarkup({ url: `/api/x/${encodeURIComponent(xss)}` }, `<p>${xss}</p>`)).toEqual([xss]);
    expect(reflectedMarkup({ payload: { Email: xss } }, '{"echo":"&lt;script&gt;"}')).toEqual([]);
    expect(reflectedMarkup({ payload: { Email: 'plain text' } }, 'plain text')).toEqual([]);
  });

  it('reads every corpus list', () => {
    expect(PAYLOADS.length).toBeGreaterThan(400);
    expect(PAYLOADS.some((line) => line.includes('<svg') || line.includes('<script'))).toBe(true);
    expect(NAUGHTY.length).toBeGreaterThan(PAYLOADS.length);
  });
});
