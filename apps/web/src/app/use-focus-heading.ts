/**
 * Focus on page change (WCAG 2.4.3 Focus Order, 4.1.3; DESIGN.md §6): after a client-side navigation to
 * another path, focus moves to the page's main heading — the `h1` inside `<main>`, made focusable by
 * script with tabindex=-1 — so a keyboard or screen-reader user starts reading the new page at its
 * heading instead of on a link that may be gone. Not on the first load (the browser starts at the top),
 * which includes the redirects the page makes before the player has done anything (a route rule sending
 * a logged-in player from Home to the account, a link callback moving on): focus moves only once the
 * player has pressed a key or a pointer in the page. Not when the query alone changes (the same page).
 *
 * A page may render its heading after its data arrives: the hook waits for it (at most
 * {@link HEADING_WAIT_MS}). It leaves focus alone when something else took it meanwhile: the page itself
 * (e.g. a form focusing its field, the deletion steps) or the player (already tabbing on).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page's heading is waited for, in milliseconds. */
export const HEADING_WAIT_MS = 5000;

/** The page's main heading, if rendered. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/** Focuses `heading` (adding tabindex=-1 so it can take focus without entering the Tab order). */
export function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** Moves focus to the new page's h1 after every client-side change of path (see the module doc). */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const focusBefore = useRef<Element | null>(null);
  const interacted = useRef(false);

  // Until the player presses a key or a pointer, every change of path is part of the first load.
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, { capture: true, once: true });
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('keydown', mark, { capture: true });
      document.removeEventListener('pointerdown', mark, { capture: true });
    };
  }, []);

  // Layout effects run before any page's own effects: this is the focus as the new page arrives.
  useLayoutEffect(() => {
    if (previous.current !== null && previous.current !== pathname)
      focusBefore.current = document.activeElement;
  }, [pathname]);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== pathname;
    previous.current = pathname;
    if (first || !changed || !interacted.current) return;
    const before = focusBefore.current;
    /** Has the page or the player put focus somewhere else since the navigation? */
    const focusTaken = () => {
      const active = document.activeElement;
      return active !== null && active !== document.body && active !== before;
    };
    const attempt = (): boolean => {
      if (focusTaken()) return true;
      const heading = mainHeading();
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    if (attempt()) return;
    const main = document.querySelector('main') ?? document.body;
    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
