import type { CSSProperties, ReactNode } from "react";
import { ContentImages } from "../../content/images.tsx";
import { projectName } from "../../content/names.ts";
import { RichText } from "../../content/rich-text.tsx";
import type { ProjectColours } from "../../lib/colour.ts";
import { formatDate } from "../../lib/dates.ts";
import { useFieldTags } from "../../preview/inspector.tsx";
import type { ProjectFields, RichText as RichTextDocument } from "../../shared/content/model.ts";
import type { Asset } from "../../shared/content/types.ts";
import { Carousel } from "../Carousel.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { useHydrated } from "../useDevice.ts";
import styles from "./ProjectSections.module.css";

function projectColourStyle(colours: ProjectColours): CSSProperties {
  return { "--project-bg": colours.background, "--project-text": colours.text } as CSSProperties;
}

export function ProjectHero({
  project,
  layout,
  absoluteHeader,
}: {
  project: ProjectFields;
  layout: "full" | "small";
  absoluteHeader: boolean;
}) {
  const tags = useFieldTags();
  return (
    <header className={styles.hero} data-layout={layout} data-absolute={absoluteHeader || undefined}>
      <div className={styles.heroText}>
        {project.clientName && (
          <p className={styles.heroClient} {...tags("clientName")}>
            {project.clientName}
          </p>
        )}
        <h1 className={styles.heroTitle} {...tags("projectTitle")}>
          {project.projectTitle}
        </h1>
        {project.heroContent && (
          <p className={styles.heroLine} {...tags("heroContent")}>
            {project.heroContent}
          </p>
        )}
      </div>
      {project.heroBackground && (
        <div className={styles.heroImage}>
          <ContentImage
            asset={project.heroBackground}
            {...tags("heroBackground")}
            priority
            sizes={layout === "full" ? "(min-width: 1024px) 50vw, 100vw" : "100vw"}
            displayWidth={1200}
          />
        </div>
      )}
    </header>
  );
}

export function ProjectIntro({ project }: { project: ProjectFields }) {
  const tags = useFieldTags();
  return (
    <section className={`container ${styles.intro}`} aria-label="About the project">
      <div className={styles.facts}>
        {project.logo && (
          <ContentImage
            asset={project.logo}
            {...tags("logo")}
            className={styles.logo}
            alt={`${project.clientName ?? projectName(project)} logo`}
            sizes="12rem"
            displayWidth={240}
          />
        )}
        <dl className={styles.factList}>
          {project.clientName && (
            <div>
              <dt>Client</dt>
              <dd {...tags("clientName")}>{project.clientName}</dd>
            </div>
          )}
          {project.services && project.services.length > 0 && (
            <div>
              <dt>Services</dt>
              <dd>
                <ul className="bare-list" {...tags("services")}>
                  {project.services.map((service) => (
                    <li key={service}>{service}</li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          {project.date && (
            <div>
              <dt>Launched</dt>
              <dd>
                <time dateTime={project.date} {...tags("date")}>
                  {formatDate(project.date)}
                </time>
              </dd>
            </div>
          )}
          {project.website && (
            <div>
              <dt>Website</dt>
              <dd>
                <a
                  href={project.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.website}
                  {...tags("website")}
                >
                  {displayHost(project.website)}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          )}
        </dl>
      </div>
      <RichText document={project.introContent} field="introContent" className={styles.introText} />
    </section>
  );
}

function displayHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Two or three across on wide screens, stacked on phones; "bleed" runs edge to edge. */
export function ImageSet({
  images,
  columns = 2,
  bleed = false,
  label,
  field,
}: {
  images: Asset[] | undefined;
  field?: string | ((image: Asset) => string);
  columns?: 1 | 2 | 3;
  bleed?: boolean;
  label?: string;
}) {
  if (!images?.length) return null;
  const sizes =
    bleed || columns === 1
      ? "100vw"
      : columns === 2
        ? "(min-width: 768px) 50vw, 100vw"
        : "(min-width: 768px) 33vw, 100vw";
  return (
    <section
      className={[styles.imageSet, bleed ? undefined : "container"].filter(Boolean).join(" ")}
      data-columns={columns}
      data-bleed={bleed || undefined}
      aria-label={label}
    >
      <ContentImages
        images={images}
        field={field}
        className={styles.figure}
        sizes={sizes}
        displayWidth={bleed || columns === 1 ? 1920 : 960}
      />
    </section>
  );
}

export function ProjectText({
  title,
  document,
  id,
  field,
}: {
  title?: string;
  document?: RichTextDocument;
  id: string;
  field: string;
}) {
  if (!document) return null;
  return (
    <section className={`container ${styles.text}`} aria-labelledby={title ? id : undefined}>
      {title && (
        <h2 id={id} className={styles.textTitle}>
          {title}
        </h2>
      )}
      <RichText document={document} field={field} className="column-main" />
    </section>
  );
}

export function ProjectQuote({ quote, clientName }: { quote?: RichTextDocument; clientName?: string }) {
  const tags = useFieldTags();
  if (!quote) return null;
  return (
    <div className={styles.quote}>
      <figure className={`container ${styles.quoteFigure}`}>
        <blockquote className={styles.quoteText}>
          <RichText document={quote} field="quote" />
        </blockquote>
        {clientName && (
          <figcaption className={styles.quoteSource} {...tags("clientName")}>
            {clientName}
          </figcaption>
        )}
      </figure>
    </div>
  );
}

export function ProjectGallery({ images, title }: { images: Asset[] | undefined; title: string }) {
  const tags = useFieldTags();
  if (!images?.length) return null;
  return (
    <div className="container">
      <Carousel
        label={`${title} gallery`}
        slides={images.map((image) => (
          <ContentImage
            key={image.sys.id}
            asset={image}
            {...tags("gallery")}
            className={styles.galleryImage}
            sizes="(min-width: 1024px) 56rem, 85vw"
            displayWidth={1100}
          />
        ))}
      />
    </div>
  );
}

export function ProjectBriefAndOutcome({ project }: { project: ProjectFields }) {
  const parts = [
    { id: "the-brief", title: "The brief", document: project.theBrief, field: "theBrief" },
    { id: "the-outcome", title: "The outcome", document: project.theOutcome, field: "theOutcome" },
  ].filter((part) => part.document);
  if (parts.length === 0) return null;
  return (
    <div className={`container ${styles.twoTexts}`}>
      {parts.map((part) => (
        <section key={part.id} aria-labelledby={part.id}>
          <h2 id={part.id} className={styles.textTitle}>
            {part.title}
          </h2>
          <RichText document={part.document} field={part.field} />
        </section>
      ))}
    </div>
  );
}

export function ProjectArticle({ colours, children }: { colours: ProjectColours; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    // Until React runs, the head's rule (frameColourRules) colours it, as the policy allows no style attribute.
    <article className={styles.project} data-page-colours="" style={hydrated ? projectColourStyle(colours) : undefined}>
      {children}
    </article>
  );
}
