import { type ReactNode, Suspense, use } from "react";
import { useLocation, useNavigationType } from "react-router";
import styles from "./AfterFirstFrame.module.css";
import { nextFrame } from "./when.ts";

/**
 * The wait of the page the visitor moved to last: settles once the browser has drawn a frame after it started. Only
 * the page shown needs one (each render of it must get the same promise), so the previous page's is let go.
 */
let current: { key: string; frame: Promise<void> } | undefined;

function firstFrameOf(key: string): Promise<void> {
  if (current?.key !== key) {
    // Two frames: the one the page's top is drawn in, then the next, when the rest may follow.
    const frame = new Promise<void>((resolve) => nextFrame(() => nextFrame(resolve)));
    current = { key, frame };
  }
  return current.frame;
}

/**
 * The part of a page below its first screen, drawn a frame after the top when the visitor moves to the page inside
 * the site (a link, the menu): the page's heading is on screen without waiting for everything under it to be
 * rendered, styled and laid out on a slow phone. Until then a block a screen high holds its place, so the
 * footer does not show under the top. A page loaded by the browser, or reached by back or forward (which must be
 * whole to be put back where the visitor was), is drawn at once.
 */
export function AfterFirstFrame({ children }: { children: ReactNode }) {
  const type = useNavigationType();
  const { key } = useLocation();
  if (type === "POP" || typeof document === "undefined") return children;
  return (
    <Suspense fallback={<div className={styles.holder} />}>
      <Wait frame={firstFrameOf(key)}>{children}</Wait>
    </Suspense>
  );
}

function Wait({ frame, children }: { frame: Promise<void>; children: ReactNode }) {
  use(frame);
  return children;
}
