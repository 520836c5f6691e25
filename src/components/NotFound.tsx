import { Link } from "react-router";
import styles from "./NotFound.module.css";

const suggestions = [
  { label: "Our Work", to: "/projects" },
  { label: "Services", to: "/services" },
  { label: "News", to: "/news" },
  { label: "Contact", to: "/contact" },
];

export function NotFound() {
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <div className={styles.figure} aria-hidden="true">
        <span>4</span>
        <span className={styles.zero}>0</span>
        <span>4</span>
      </div>
      <div className={styles.body}>
        <p className={styles.code}>404, page not found.</p>
        <h1 id="not-found-title" className={styles.title}>
          Doh! This is awkward...
        </h1>
        <p className={styles.text}>
          The page you were after has moved, retired or never existed. Nothing a fresh start can't fix.
        </p>
        <Link className={styles.home} to="/">
          Go Home
        </Link>
        <nav className={styles.suggestions} aria-label="Popular pages">
          <span>Or try</span>
          {suggestions.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </section>
  );
}
