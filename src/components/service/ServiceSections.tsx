import { ContentImages } from "../../content/images.tsx";
import { serviceName } from "../../content/names.ts";
import { RichText } from "../../content/rich-text.tsx";
import { inspectorAttributes, useFieldTags } from "../../preview/inspector.tsx";
import type { ServiceFields } from "../../shared/content/model.ts";
import { Accordion } from "../Accordion.tsx";
import { Carousel } from "../Carousel.tsx";
import { ContentImage } from "../ContentImage.tsx";
import styles from "./ServiceSections.module.css";

const accordionNumbers = [1, 2, 3, 4, 5] as const;

export function ServiceHero({ service }: { service: ServiceFields }) {
  const tags = useFieldTags();
  return (
    <header className={styles.hero}>
      <div className="container">
        <p className={styles.eyebrow}>Services</p>
        <h1 className={styles.title} {...tags("title")}>
          {serviceName(service)}
        </h1>
        {service.subHeading && (
          <p className={styles.subHeading} {...tags("subHeading")}>
            {service.subHeading}
          </p>
        )}
      </div>
      {service.servicesHero && (
        <div className={`container ${styles.heroImage}`}>
          <ContentImage
            asset={service.servicesHero}
            {...tags("servicesHero")}
            priority
            sizes="(min-width: 1440px) 1344px, 100vw"
          />
        </div>
      )}
    </header>
  );
}

export function ServiceStats({ service }: { service: ServiceFields }) {
  const tags = useFieldTags();
  const stats = (service.stats ?? []).slice(0, 3);
  if (stats.length === 0) return null;
  return (
    <section className="container" aria-labelledby="service-stats">
      <h2 id="service-stats" className="visually-hidden">
        {serviceName(service)} in numbers
      </h2>
      <dl className={styles.stats}>
        {stats.map((figure, index) => (
          <div key={`${figure}-${service.statsDescription?.[index]}`} className="key-figure">
            <dt className={styles.statLabel} {...tags("statsDescription")}>
              {service.statsDescription?.[index]}
            </dt>
            <dd className={styles.statFigure} {...tags("stats")}>
              {figure}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function ServiceImagePair({ service }: { service: ServiceFields }) {
  const images = (service.servicesTwoImages ?? []).slice(0, 2);
  if (images.length === 0) return null;
  return (
    <div className={`container ${styles.imagePair}`}>
      <ContentImages
        images={images}
        field="servicesTwoImages"
        className={styles.figure}
        sizes="(min-width: 768px) 50vw, 100vw"
        displayWidth={960}
      />
    </div>
  );
}

export function ServiceTexts({ service }: { service: ServiceFields }) {
  return (
    <div className={`container ${styles.texts}`}>
      <RichText document={service.leftText} field="leftText" className={styles.leftText} />
      <RichText document={service.rightText} field="rightText" className={styles.rightText} />
    </div>
  );
}

export function ServiceAccordions({ service }: { service: ServiceFields }) {
  const tags = useFieldTags();
  const items = accordionNumbers.flatMap((n) => {
    const title = service[`accordionTitle${n}`];
    const content = service[`accordionContent${n}`];
    return title
      ? [
          {
            id: `accordion-${n}`,
            title: tags(`accordionTitle${n}`)[inspectorAttributes.fieldId] ? (
              <span {...tags(`accordionTitle${n}`)}>{title}</span>
            ) : (
              title
            ),
            content: <RichText document={content} field={`accordionContent${n}`} />,
          },
        ]
      : [];
  });
  if (items.length === 0) return null;
  return (
    <section className={`container ${styles.accordions}`} aria-labelledby="service-details">
      <div className={styles.accordionText}>
        <h2 id="service-details" className={styles.sectionTitle}>
          What's in the box
        </h2>
        <Accordion items={items} />
      </div>
      {service.accordionImage && (
        <ContentImages
          images={[service.accordionImage]}
          field="accordionImage"
          className={styles.accordionImage}
          sizes="(min-width: 1024px) 40vw, 100vw"
          displayWidth={800}
        />
      )}
    </section>
  );
}

export function ServiceStatement({ statement }: { statement?: string }) {
  const tags = useFieldTags();
  if (!statement) return null;
  return (
    <div className={styles.statement}>
      <p className="container" {...tags("mainStatement")}>
        {statement}
      </p>
    </div>
  );
}

export function ServiceCarousel({ service }: { service: ServiceFields }) {
  const tags = useFieldTags();
  if (!service.carousel?.length) return null;
  return (
    <div className="container">
      <Carousel
        label={`${serviceName(service)} in pictures`}
        slideClassName={styles.slide}
        slides={service.carousel.map((image) => (
          <ContentImage
            key={image.sys.id}
            asset={image}
            {...tags("carousel")}
            sizes="(min-width: 1024px) 56rem, 85vw"
            displayWidth={1100}
          />
        ))}
      />
    </div>
  );
}
