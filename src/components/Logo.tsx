import { site } from "../shared/site.ts";
import styles from "./Logo.module.css";

/** textLength pins the wordmark's width, so swapping in the web font never moves the header. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      className={[styles.logo, className].filter(Boolean).join(" ")}
      viewBox="0 0 168 36"
      role="img"
      aria-label={site.name}
      focusable="false"
    >
      <text className={styles.word} x="0" y="27" textLength="150" lengthAdjust="spacingAndGlyphs">
        {site.name.toLowerCase()}
      </text>
      <rect className={styles.grain} x="156" y="19" width="8" height="8" transform="rotate(12 160 23)" />
    </svg>
  );
}
