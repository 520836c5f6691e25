import { Link } from "react-router";
import { Reveal } from "../Reveal.tsx";
import styles from "./BritishDesign.module.css";
import { homeServices, servicePath } from "./service-links.ts";

export function BritishDesign() {
  return (
    <section className={styles.british} aria-labelledby="british-title">
      <Reveal className={`container ${styles.inner}`}>
        <h2 id="british-title" className={styles.title}>
          Quintessential British Design
        </h2>
        <div className={styles.copy}>
          <p>
            Understated until it isn't. We pair a Midlands work ethic with a very British habit of saying more with
            less: clean type, honest materials, and the odd wink where nobody expects one.
          </p>
          <p>Whatever you need built, drawn or shouted about, there is a team for it.</p>
        </div>
        <ul className={styles.services}>
          {homeServices.map((service, index) => (
            <li key={service.slug}>
              <Link className={styles.service} to={servicePath(service.slug)}>
                <span className={styles.number} aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <span className={styles.name}>{service.name}</span>
                <span className={styles.arrow} aria-hidden="true">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
