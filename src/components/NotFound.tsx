import { Link } from "react-router";

/** The spec's 404 page: shown for unknown routes and for content that does not exist. */
export function NotFound() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code">404, page not found.</p>
      <h1 id="not-found-title">Doh! This is awkward...</h1>
      <Link className="button" to="/">
        Go Home
      </Link>
    </section>
  );
}
