import { Link } from "react-router";
import { site } from "../site.ts";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        <a href={`mailto:${site.email}`}>{site.email}</a> · <a href={site.phoneHref}>{site.phone}</a>
      </p>
      <nav aria-label="Legal">
        <Link to="/terms">Terms</Link> <Link to="/privacy-policy">Privacy policy</Link>{" "}
        <a href="/status">Server status</a>
      </nav>
    </footer>
  );
}
