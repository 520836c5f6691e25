import { site } from "../../shared/site.ts";
import styles from "./OfficeDetails.module.css";

const derbyParking = [
  { name: "Bold Lane car park", walk: "4 min walk", query: "Bold Lane Car Park, Derby" },
  { name: "Chapel Street car park", walk: "6 min walk", query: "Chapel Street Car Park, Derby" },
  { name: "Derbion car park", walk: "12 min walk", query: "Derbion Car Park, Derby" },
] as const;

const mapLink = (query: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
      <svg className={styles.arrow} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M5 3h8v8M13 3 3 13" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </a>
  );
}

/** The studios (Derby; Manchester coming soon), how to reach us, and where to park. */
export function OfficeDetails() {
  const [derby, ...others] = site.offices;
  return (
    <aside className={styles.details} aria-label="Our offices">
      {derby ? (
        <section className={styles.office} aria-labelledby="office-derby">
          <h2 id="office-derby" className={styles.city}>
            {derby.city}
          </h2>
          <address className={styles.address}>
            {derby.lines.map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <p className={styles.direct}>
            <a href={`mailto:${site.email}`}>{site.email}</a>
            <a href={site.phoneHref}>{site.phone}</a>
          </p>
          <p className={styles.directions}>
            <NewTabLink href={mapLink(derby.lines.join(", "))}>Get directions</NewTabLink>
          </p>

          <h3 className={styles.parkingTitle}>Parking nearby</h3>
          <ul className={styles.parking}>
            {derbyParking.map((park) => (
              <li key={park.name}>
                <NewTabLink href={mapLink(park.query)}>{park.name}</NewTabLink>
                <span className={styles.walk}>{park.walk}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {others.map((office) => (
        <section key={office.city} className={styles.office} aria-labelledby={`office-${office.city.toLowerCase()}`}>
          <h2 id={`office-${office.city.toLowerCase()}`} className={styles.city}>
            {office.city}
          </h2>
          <p className={styles.soon}>Coming soon</p>
        </section>
      ))}
    </aside>
  );
}
