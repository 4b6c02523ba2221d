/**
 * Telling a page whose code could not be loaded from a page that crashed (issue 19 §5; the router's
 * error element, route-error.tsx): lazy routes load their code with dynamic imports, which fail when the
 * network drops or a new release replaced the files.
 */

/**
 * Did loading a page's code fail (a failed dynamic import), rather than the page itself? The browsers'
 * messages: Chromium "Failed to fetch dynamically imported module", Firefox "error loading dynamically
 * imported module", Safari "Importing a module script failed"; Vite's "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|importing a module script failed|unable to preload css/i.test(message);
}
