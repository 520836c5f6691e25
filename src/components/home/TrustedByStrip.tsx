import { Link } from "react-router";
import styles from "./TrustedByStrip.module.css";

export interface TrustedClient {
  name: string;
  logo: { src: string; width: number; height: number };
  href: string;
  external: boolean;
}

/** In the order the loader shuffled them, so server and browser agree; external links open a new tab and say so. */
export function TrustedByStrip({ clients }: { clients: TrustedClient[] }) {
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

function ClientLogo({ client }: { client: TrustedClient }) {
  const image = (
    <img
      className={styles.logo}
      src={client.logo.src}
      width={client.logo.width}
      height={client.logo.height}
      alt={client.name}
      loading="lazy"
      decoding="async"
    />
  );
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
