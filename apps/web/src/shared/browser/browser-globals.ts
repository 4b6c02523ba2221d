/**
 * The browser globals the SPA reads defensively, typed as they are at run time: the DOM typings declare
 * `location`, `localStorage` and `sessionStorage` always present, but each is absent outside a browser
 * (the web tests run in Node, vitest.config.ts) and a test may remove one (`vi.stubGlobal`). Reading a
 * property reads the global at that moment; a storage's getter may still throw (blocked storage), so
 * readers keep their try/catch.
 */
export const browserGlobals: {
  readonly location?: Location;
  readonly localStorage?: Storage;
  readonly sessionStorage?: Storage;
} = globalThis;
