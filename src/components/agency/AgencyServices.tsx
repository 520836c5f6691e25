import { Link } from "react-router";
import { headlineServices } from "../../shared/services-catalogue.ts";
import { Accordion } from "../Accordion.tsx";
import { Reveal } from "../Reveal.tsx";
import { HeadedSection } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

export function AgencyServices() {
  return (
    <HeadedSection
      id="agency-services-title"
      className={styles.section}
      label="What we do"
      title="Design, web and marketing that pull in one direction"
      intro={<p>Five disciplines under one roof, so your brand, your website and your campaigns agree.</p>}
    >
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
    </HeadedSection>
  );
}
