import styles from "./LoadingPlaceholder.module.css";

/**
 * What a content page, or a part of one, shows until its content arrives (R4), and keeps showing when the
 * content source cannot answer (R8: no message, the placeholder stays). A whole page in that state is the
 * root ErrorBoundary's, served with a 503 (src/content/load.ts).
 */
export function LoadingPlaceholder({ label = "Loading...", lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div className={styles.placeholder} role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <span className={styles.spinner} aria-hidden="true" />
      <div className={styles.lines} aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: decorative bars, never reordered
          <span key={index} className={styles.line} />
        ))}
      </div>
    </div>
  );
}
