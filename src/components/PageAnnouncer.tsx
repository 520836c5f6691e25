import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * The path the document last showed. Kept outside the component: React Router draws an error page (a 404 for an
 * unknown slug) in a layout of its own, so a move to or from one draws the announcer afresh.
 */
let shownPath: string | undefined;

/**
 * A move to another page is heard, and the keyboard starts again from the new page's top, as after a page load:
 * the new page's title is said in a polite live region (as Next.js's route announcer does), and focus goes to a
 * hidden start of the page, just before the skip link. Rendered first in the body.
 *
 * Only a new path counts: the first load is the browser's to announce, a fragment is a move within the page, and
 * a change of query alone is a page's own filter (/news, /projects), whose count line says the results while focus
 * stays in the filter. Back and forward are moves like any other.
 */
export function PageAnnouncer() {
  const { pathname } = useLocation();
  const start = useRef<HTMLDivElement>(null);
  const heard = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const previous = shownPath;
    shownPath = pathname;
    if (previous === undefined || previous === pathname || !heard.current) return;
    heard.current.textContent = document.title;
    // Focus the new page put somewhere itself (a field, a status line) stays there; a link followed does not.
    if (!document.activeElement?.matches("main :not(a)")) start.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <div ref={start} tabIndex={-1} className="visually-hidden" />
      <p ref={heard} className="visually-hidden" aria-live="polite" />
    </>
  );
}
