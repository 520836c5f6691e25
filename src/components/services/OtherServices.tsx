import { Link } from "react-router";
import { otherServices } from "../../lib/services-catalogue.ts";
import { Accordion } from "../Accordion.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import styles from "./services.module.css";

/** The "other services" accordion (R2.10): five services without a page of their own. */
export function OtherServices() {
  return (
    <section className={styles.other} aria-labelledby="other-services-title">
      <SectionHeading
        id="other-services-title"
        label="Other services"
        intro={<p>The quieter jobs that keep a business looking sharp and running smoothly.</p>}
      >
        And while we're at it
      </SectionHeading>
      <Reveal className={styles.accordionWrap}>
        <Accordion
          items={otherServices.map((service) => ({
            id: service.name,
            title: service.name,
            content: (
              <>
                <p>{service.summary}</p>
                <Link className={styles.ask} to="/contact">
                  Ask about {service.name.toLowerCase()}
                </Link>
              </>
            ),
          }))}
        />
      </Reveal>
    </section>
  );
}
