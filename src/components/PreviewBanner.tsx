import { useLocation } from "react-router";
import styles from "./PreviewBanner.module.css";

/** Where the banner's link goes; the server clears the preview cookie there (server/content/preview.ts). */
const exitPath = "/preview/exit";

/**
 * Shown on every page while an editor previews drafts: says so, and offers the way out. "Exit preview" is a
 * plain link (a full request), so the server can clear the cookie and bring the editor back to the same page.
 */
export function PreviewBanner() {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <aside className={styles.banner} aria-labelledby="preview-banner-title" data-preview-banner="">
      <p className={styles.text}>
        <strong id="preview-banner-title">Preview</strong>: drafts are shown.
      </p>
      <a className={styles.exit} href={`${exitPath}?path=${encodeURIComponent(back)}`}>
        Exit preview
      </a>
    </aside>
  );
}
