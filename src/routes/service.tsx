import { AfterFirstFrame } from "../components/AfterFirstFrame.tsx";
import { LoadingPlaceholder } from "../components/LoadingPlaceholder.tsx";
import { ProjectGrid } from "../components/project/ProjectGrid.tsx";
import {
  ServiceAccordions,
  ServiceCarousel,
  ServiceHero,
  ServiceImagePair,
  ServiceStatement,
  ServiceStats,
  ServiceTexts,
} from "../components/service/ServiceSections.tsx";
import { type ProjectCard, toProjectCard } from "../content/cards.ts";
import { orPlaceholder } from "../content/load.ts";
import { serviceName } from "../content/names.ts";
import { latestProjectsFor, serviceBySlug } from "../content/pages.ts";
import { contentMeta } from "../lib/content-meta.ts";
import { InspectedEntry } from "../preview/inspector.tsx";
import { useLiveCards, useLiveFields } from "../preview/live-updates.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/service";
import styles from "./service.module.css";

export async function loader({ context, params }: Route.LoaderArgs) {
  const entry = await serviceBySlug(context, params.slug);
  const service = entry.fields;
  // Awaited rather than streamed, so the links are in the HTML for readers without JavaScript and crawlers.
  return {
    service,
    serviceId: entry.sys.id,
    latestProjects: await orPlaceholder(context, "latest projects", latestProjectsFor(context, service)),
  };
}

export function meta(args: Route.MetaArgs) {
  const service = args.loaderData?.service;
  if (!service) return contentMeta(args, { title: `Services | ${site.name}` });
  return contentMeta(args, {
    title: service.seoTitle ?? `${serviceName(service)} | ${site.name}`,
    description: service.seoDescription ?? service.subHeading,
    keywords: service.seoKeywords,
    image: service.servicesHero,
  });
}

const noCards: ProjectCard[] = [];

export default function Service({ loaderData: { serviceId, ...loaded } }: Route.ComponentProps) {
  const service = useLiveFields("singleServices", serviceId, loaded.service);
  const latestProjects = useLiveCards("singleProject", loaded.latestProjects ?? noCards, toProjectCard);
  return (
    <InspectedEntry id={serviceId}>
      <div className={styles.service}>
        <ServiceHero service={service} />
        <ServiceStats service={service} />
        <AfterFirstFrame>
          <ServiceImagePair service={service} />
          <ServiceTexts service={service} />
          <ServiceAccordions service={service} />
          <ServiceStatement statement={service.mainStatement} />
          <ServiceCarousel service={service} />
          <section className="container" aria-labelledby="latest-projects">
            <h2 id="latest-projects" className={styles.sectionTitle}>
              Latest projects
            </h2>
            {loaded.latestProjects ? (
              <ProjectGrid projects={latestProjects} fromProjectList={false} headingLevel={3} />
            ) : (
              <LoadingPlaceholder label="Loading projects…" />
            )}
          </section>
        </AfterFirstFrame>
      </div>
    </InspectedEntry>
  );
}
