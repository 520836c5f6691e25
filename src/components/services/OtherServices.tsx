import { Link } from "react-router";
import { otherServices } from "../../shared/services-catalogue.ts";
import { Accordion } from "../Accordion.tsx";
import { Reveal } from "../Reveal.tsx";
import { HeadedSection } from "../SectionHeading.tsx";
import styles from "./services.module.css";

/** The "other services" accordion: five services without a page of their own. */
export function OtherServices() {
  return (
    <HeadedSection
      id="other-services-title"
      className={styles.other}
      label="Other services"
      title="And while we're at it"
      intro={<p>The quieter jobs that keep a business looking sharp and running smoothly.</p>}
    >
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
    </HeadedSection>
  );
}
