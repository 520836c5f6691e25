import { AfterFirstFrame } from "../components/AfterFirstFrame.tsx";
import { ProjectFilter } from "../components/project/ProjectFilter.tsx";
import { ProjectGrid } from "../components/project/ProjectGrid.tsx";
import { useReloading } from "../components/useReloading.ts";
import { toProjectCard } from "../content/cards.ts";
import { listings, readListing } from "../content/pages.ts";
import { contentMeta } from "../lib/content-meta.ts";
import { useLiveCards } from "../preview/live-updates.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/projects";
import styles from "./projects.module.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { cards: projects, ...filter } = await readListing(context, new URL(request.url), listings.projects);
  return { ...filter, projects };
}

export function meta(args: Route.MetaArgs) {
  return contentMeta(args, {
    title: `Our Work | ${site.name}`,
    description: `Branding, web design and campaigns ${site.name} has made for brands in Derby, across the UK and worldwide.`,
    keywords: ["design agency portfolio", "branding case studies", "web design projects", "Derby"],
    image: args.loaderData?.projects[0]?.image,
  });
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { categories, category } = loaderData;
  const projects = useLiveCards("singleProject", loaderData.projects, toProjectCard);
  const reloading = useReloading();
  return (
    <div className="container">
      <header className={styles.header}>
        <p className={styles.eyebrow}>Our work</p>
        <h1 className={styles.title}>Work we're proud to put our name to.</h1>
      </header>
      <div className={styles.toolbar}>
        <ProjectFilter categories={categories} selected={category} />
        <p className={styles.count} role="status">
          {countLine(projects.length)}
        </p>
      </div>
      <AfterFirstFrame>
        <section className={styles.list} aria-label="Projects" aria-busy={reloading}>
          <ProjectGrid key={category ?? ""} projects={projects} />
        </section>
      </AfterFirstFrame>
    </div>
  );
}

function countLine(count: number) {
  if (count === 0) return "No projects in this category yet.";
  return count === 1 ? "1 project" : `${count} projects`;
}
