/** Tests of the router error element's reading of a failed page load (issue 19 §5). */
import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error.ts';

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic imports", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/login-page-abc.js',
      'error loading dynamically imported module: http://localhost/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/register-abc.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });
  it('leaves page crashes and other errors to the generic error page', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
