import { Link } from "react-router";
import { site } from "../site.ts";

export function SiteHeader() {
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo">
        {site.name}
      </Link>
    </header>
  );
}
