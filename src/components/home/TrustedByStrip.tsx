import { Link } from "react-router";
import type { Client } from "../../content/client.ts";
import { LogoImage } from "../ContentImage.tsx";
import styles from "./TrustedByStrip.module.css";

/** In the order the loader shuffled them, so server and browser agree; external links open a new tab and say so. */
export function TrustedByStrip({ clients }: { clients: Client[] }) {
  return (
    <section className={styles.strip} aria-labelledby="trusted-title">
      <div className="container">
        <h2 id="trusted-title" className={styles.title}>
          Proudly Trusted By
        </h2>
        <ul className={styles.logos}>
          {clients.map((client) => (
            <li key={client.name} className={styles.item}>
              <ClientLogo client={client} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClientLogo({ client }: { client: Client }) {
  const image = <LogoImage className={styles.logo} name={client.name} logo={client.logo} />;
  if (!client.external) {
    return (
      <Link className={styles.link} to={client.href}>
        {image}
      </Link>
    );
  }
  return (
    <a className={styles.link} href={client.href} target="_blank" rel="noopener noreferrer">
      {image}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
