import type { ReactNode } from "react";
import styles from "./LoadingPlaceholder.module.css";

/**
 * What a content page, or a part of one, shows until its content arrives (R4), and keeps showing when the
 * content source cannot answer (R8: no message, the placeholder stays): a `status` region, busy, named by `label`.
 * A whole page in that state is the root ErrorBoundary's, served with a 503 (src/content/load.ts); a section that
 * may fail alone draws it for `null` (`orPlaceholder`).
 *
 * - `look`: "lines", a spinner over text bars (a page, a list); "spinner", the spinner alone; "box", nothing but
 *   the room `className` gives it (where a picture or a grid of them will be).
 * - `className`: the room the section keeps for its content, so nothing jumps when it arrives.
 * - `withoutScript`: for a section streamed in after the page, the way to the same content for readers without
 *   JavaScript, for whom it could never fill; the placeholder is then hidden from them (decision 0063).
 */
export function LoadingPlaceholder({
  label = "Loading...",
  look = "lines",
  lines = 3,
  className,
  withoutScript,
}: {
  label?: string;
  look?: "lines" | "spinner" | "box";
  lines?: number;
  className?: string;
  withoutScript?: ReactNode;
}) {
  const classes = [look === "lines" ? styles.page : undefined, className].filter(Boolean).join(" ");
  return (
    <>
      <div
        className={classes || undefined}
        role="status"
        aria-busy="true"
        data-script-only={withoutScript ? true : undefined}
      >
        <span className="visually-hidden">{label}</span>
        {look !== "box" && <span className={styles.spinner} aria-hidden="true" />}
        {look === "lines" && (
          <div className={styles.lines} aria-hidden="true">
            {Array.from({ length: lines }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: decorative bars, never reordered
              <span key={index} className={styles.line} />
            ))}
          </div>
        )}
      </div>
      {withoutScript && <noscript>{withoutScript}</noscript>}
    </>
  );
}
