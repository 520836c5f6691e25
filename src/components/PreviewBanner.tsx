import { useLocation } from "react-router";
import styles from "./PreviewBanner.module.css";

const exitPath = "/preview/exit";

/** A plain link (a full request), so the server can clear the preview cookie and bring the editor back to the page. */
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
