import { Link } from "react-router";
import { overviewServices } from "../../shared/services-catalogue.ts";
import { useIsTouch } from "../useDevice.ts";
import styles from "./services.module.css";

/** On touch devices the summaries always show: nothing depends on hover. */
export function ServiceIndex() {
  const touch = useIsTouch();
  return (
    <section
      className={[styles.index, touch ? `${styles.touch} touch` : ""].filter(Boolean).join(" ")}
      aria-labelledby="service-index-title"
      data-touch={touch || undefined}
    >
      <h2 id="service-index-title" className="visually-hidden">
        Our services
      </h2>
      <ol className={styles.list}>
        {overviewServices.map((service, index) => (
          <li key={service.slug} className={styles.item}>
            <Link to={`/service/${service.slug}`} className={styles.link}>
              <span className={styles.number} aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <span className={styles.name}>{service.name}</span>
              <span className={styles.summary}>{service.summary}</span>
              <svg className={styles.arrow} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M5 19 19 5M8 5h11v11" fill="none" stroke="currentColor" strokeWidth="2.2" />
              </svg>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
