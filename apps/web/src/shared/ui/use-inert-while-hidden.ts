/**
 * Keeps content hidden from assistive technology out of the keyboard's reach too (WCAG 4.1.2; axe
 * `aria-hidden-focus`), for as long as `active` is true.
 *
 * Why: React Aria's ComboBox, while its suggestions are open, marks everything outside its input and
 * list `aria-hidden="true"` (useComboBox → ariaHideOutside), so a screen reader can move from the input
 * to the list it portals to the end of the page. It leaves that content focusable, which ARIA forbids
 * (aria-hidden content must not be focusable) and axe reports; React Aria has no option to change it
 * (adobe/react-spectrum#4937). While `active`, this hook makes every such `aria-hidden` element that is
 * or holds something focusable `inert` as well — hidden and unreachable alike, like the content behind a
 * native `<select>`'s open list: a click outside first closes the list — and gives it back its state
 * when `active` ends (the list closes: on Tab, Escape, a pick or a click outside). Elements hidden
 * while active (React Aria hides new content too) are covered through a MutationObserver.
 */
import { useEffect } from 'react';

/** What can take focus from the keyboard or the pointer (tabindex=-1 elements only by script). */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Is `element` focusable, or does it hold something focusable? */
function holdsFocusable(element: Element): boolean {
  return element.matches(FOCUSABLE) || element.querySelector(FOCUSABLE) !== null;
}

/** While `active`, makes the focusable `aria-hidden="true"` content of the page `inert` (see above). */
export function useInertWhileHidden(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const madeInert = new Set<HTMLElement>();
    const apply = () => {
      for (const element of document.body.querySelectorAll<HTMLElement>('[aria-hidden="true"]')) {
        if (element.inert || !holdsFocusable(element)) continue;
        element.inert = true;
        madeInert.add(element);
      }
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-hidden'],
    });
    return () => {
      observer.disconnect();
      for (const element of madeInert) element.inert = false;
    };
  }, [active]);
}
