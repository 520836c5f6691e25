import { Link } from "react-router";
import { Reveal } from "../Reveal.tsx";
import styles from "./Intro.module.css";
import { servicePath } from "./service-links.ts";

/** Section 4: who we are in a paragraph, every service named on the way (the claims the spec makes). */
export function Intro() {
  return (
    <section className={styles.intro} aria-labelledby="intro-title">
      <Reveal className={`container ${styles.inner}`}>
        <h2 id="intro-title" className={styles.label}>
          Who we are
        </h2>
        <p className={styles.statement}>
          For over 20 years we have helped ambitious brands stop blending in. We do{" "}
          <Link to={servicePath("design")}>design</Link>, <Link to={servicePath("web-design")}>web design</Link>,{" "}
          <Link to={servicePath("branding")}>branding</Link>, <Link to={servicePath("marketing")}>marketing</Link> and{" "}
          <Link to={servicePath("web-development")}>web development</Link>, all under one roof in Derby.
        </p>
        <div className={styles.facts}>
          <p>
            Big or small, we give every job the same care: our latest was a 60+ page site redesign, rebuilt from the
            first sketch to the last redirect without a single page left behind.
          </p>
          <p>
            Don't take our word for it. Seven of our clients say it better than we could: their testimonials are further
            down the page.
          </p>
        </div>
        <dl className={styles.figures}>
          <div>
            <dt>Years in the trade</dt>
            <dd className={styles.figureValue}>20+</dd>
          </div>
          <div>
            <dt>Pages in our latest redesign</dt>
            <dd className={styles.figureValue}>60+</dd>
          </div>
          <div>
            <dt>Client testimonials</dt>
            <dd className={styles.figureValue}>7</dd>
          </div>
        </dl>
      </Reveal>
    </section>
  );
}
