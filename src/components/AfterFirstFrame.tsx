import { type ReactNode, Suspense, use } from "react";
import { useLocation, useNavigationType } from "react-router";
import styles from "./AfterFirstFrame.module.css";

/** One wait per page the visitor moved to: settles once the browser has drawn a frame after it started. */
const frames = new Map<string, Promise<void>>();

function firstFrameOf(key: string): Promise<void> {
  let frame = frames.get(key);
  if (!frame) {
    // Two frames: the one the page's top is drawn in, then the next, when the rest may follow.
    frame = new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    frames.set(key, frame);
  }
  return frame;
}

/**
 * The part of a page below its first screen, drawn a frame after the top when the visitor moves to the page inside
 * the site (a link, the menu): the page's heading is on screen without waiting for everything under it to be
 * rendered, styled and laid out on a slow phone (issue 33). Until then a block a screen high holds its place, so the
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
