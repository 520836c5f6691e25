import type { ReactNode } from "react";
import styles from "./LoadingPlaceholder.module.css";

// Also what stays when the content source cannot answer (no message, as the spec says). `withoutScript` links a streamed section's
// content for readers without JavaScript, for whom the placeholder could never fill, and hides it from them.
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
