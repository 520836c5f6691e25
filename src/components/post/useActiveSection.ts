import { useEffect, useState } from "react";
import { activeSection } from "../../lib/active-section.ts";
import { nextFrame } from "../when.ts";

const readingLineShare = 0.3;

// Read at each scroll, not watched for visibility: a jump from the end to the top (Home key, "back to top") crosses no
// heading's band, so the highlight would stay on the last section.
export function useActiveSection(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(" ");

  useEffect(() => {
    const headings = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((element): element is HTMLElement => element !== null);
    if (headings.length === 0) return;
    let cancelFrame: (() => void) | undefined;
    const update = () => {
      cancelFrame = undefined;
      setActive(
        activeSection(
          headings.map((element) => ({ id: element.id, top: element.getBoundingClientRect().top })),
          window.innerHeight * readingLineShare,
        ),
      );
    };
    const schedule = () => {
      cancelFrame ??= nextFrame(update);
    };
    const listening = new AbortController();
    window.addEventListener("scroll", schedule, { passive: true, signal: listening.signal });
    window.addEventListener("resize", schedule, { passive: true, signal: listening.signal });
    update();
    return () => {
      listening.abort();
      cancelFrame?.();
    };
  }, [key]);

  return active;
}
