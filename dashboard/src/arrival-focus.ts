import { useEffect, useRef } from 'react';

/** How long a page that loads its heading (a product's name, an order's number) may take before the keyboard is left be. */
const WAIT_MS = 5000;

/**
 * Gives the keyboard to the new page's heading when the address's path changes and focus was lost on the way: a form
 * that created something and opened it (its button unmounted), a link in a menu that folded. Focus is moved only while
 * it sits on the page's body, so a page that puts it somewhere itself (the new payment link, a form's first field)
 * keeps its choice; a query-string change (a filter, a store switch on the same page) moves nothing. The heading may
 * come after the page's data: the `main` element is watched for it for a few seconds.
 */
export function useFocusOnArrival(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // the first page of the visit: the browser's own focus
    previous.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    const lost = () => document.activeElement === null || document.activeElement === document.body;
    const tryFocus = (): boolean => {
      if (!lost()) return false;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    tryFocus();
    const observer = new MutationObserver(() => tryFocus());
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      clearTimeout(stop);
      observer.disconnect();
    };
  }, [pathname]);
}
