import styles from "./ContentLoading.module.css";

/**
 * The loading placeholder a content page shows until its content arrives (spec §4, §8); when the content
 * source is down and nothing is cached it stays, served with a 503 (src/content/load.ts).
 */
export function ContentLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
