import { Link } from "react-router";
import { headlineServices } from "../../lib/services-catalogue.ts";
import { Accordion } from "../Accordion.tsx";
import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

/** What the agency does, as an accordion of its headline services, each leading to its own page. */
export function AgencyServices() {
  return (
    <section className={styles.section} aria-labelledby="agency-services-title">
      <SectionHeading
        id="agency-services-title"
        label="What we do"
        intro={<p>Five disciplines under one roof, so your brand, your website and your campaigns agree.</p>}
      >
        Design, web and marketing that pull in one direction
      </SectionHeading>
      <Reveal className={styles.accordionWrap}>
        <Accordion
          headingLevel={3}
          items={headlineServices.map((service) => ({
            id: service.slug,
            title: service.name,
            content: (
              <>
                <p>{service.summary}</p>
                <Link className={styles.more} to={`/service/${service.slug}`}>
                  More about {service.name.toLowerCase()}
                </Link>
              </>
            ),
          }))}
        />
      </Reveal>
    </section>
  );
}
