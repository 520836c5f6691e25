import { useEffect, useState } from "react";

/**
 * Which section of an article the reader is in: the last heading that has passed the reading line (a little
 * below the top of the viewport), or none before the first. Pure, so it is tested without a browser.
 */
export function activeSection(headings: Array<{ id: string; top: number }>, readingLine: number): string | undefined {
  let active: string | undefined;
  for (const heading of headings) {
    if (heading.top <= readingLine) active = heading.id;
    else break;
  }
  return active;
}

/** Where the reading line sits, as a share of the viewport's height. */
const readingLineShare = 0.3;

/**
 * The id of the section in view, kept up to date with an IntersectionObserver that fires whenever a heading
 * crosses the reading line or the top of the viewport (no scroll listener).
 */
export function useActiveSection(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(" ");

  useEffect(() => {
    const headings = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (headings.length === 0 || !("IntersectionObserver" in window)) return;
    const update = () =>
      setActive(
        activeSection(
          headings.map((element) => ({ id: element.id, top: element.getBoundingClientRect().top })),
          window.innerHeight * readingLineShare,
        ),
      );
    const observer = new IntersectionObserver(update, {
      rootMargin: `0px 0px -${Math.round((1 - readingLineShare) * 100)}% 0px`,
      threshold: [0, 1],
    });
    for (const heading of headings) observer.observe(heading);
    update();
    return () => observer.disconnect();
  }, [key]);

  return active;
}
