import { useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import type { ProjectCard } from "../../content/cards.ts";
import { projectListState } from "../../lib/project-navigation.ts";
import { InspectedEntry, useFieldTags } from "../../preview/inspector.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { useHydrated } from "../useDevice.ts";
import { watchVisibility } from "../when.ts";
import styles from "./ProjectGrid.module.css";

/** The grid animates one column at max width 767 px, otherwise two. */
const singleColumnQuery = "(max-width: 767px)";
const columnStaggerMs = 150;

// Tiles come in a column at a time as they scroll into view; those on screen at the first paint stay put, so
// server-rendered content never flickers.
export function ProjectGrid({
  projects,
  fromProjectList = true,
  headingLevel = 2,
}: {
  projects: readonly ProjectCard[];
  /** Only the project list hands its order to the project page (previous and next). */
  fromProjectList?: boolean;
  headingLevel?: 2 | 3;
}) {
  const grid = useRef<HTMLUListElement>(null);
  // False while hydrating server HTML, true when the grid is first drawn in the browser (a filter change).
  const drawnInBrowser = useRef(useHydrated()).current;
  const state = fromProjectList ? projectListState(projects) : undefined;

  useLayoutEffect(() => {
    const element = grid.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const columns = window.matchMedia(singleColumnQuery).matches ? 1 : 2;
    const tiles = [...element.querySelectorAll<HTMLElement>("[data-tile]")];
    // Every tile's place is read before any is changed: a change between two reads lays the page out again.
    const waiting = tiles.filter((tile) => drawnInBrowser || tile.getBoundingClientRect().top >= window.innerHeight);
    if (waiting.length === 0) return;
    const watch = watchVisibility<HTMLElement>({ rootMargin: "0px 0px -8% 0px" }, (tile, visible) => {
      if (!visible) return;
      tile.dataset.entrance = "in";
      watch?.unobserve(tile);
    });
    // Where the browser cannot tell when a tile comes into view, every tile stays put.
    if (!watch) return;
    for (const tile of waiting) {
      tile.dataset.entrance = "waiting";
      tile.style.transitionDelay = `${(tiles.indexOf(tile) % columns) * columnStaggerMs}ms`;
      watch.observe(tile);
    }
    return () => watch.disconnect();
  }, [drawnInBrowser]);

  return (
    <ul className={styles.grid} ref={grid}>
      {projects.map((project, index) => (
        <li key={project.id} className={styles.tile} data-tile="">
          <InspectedEntry id={project.id}>
            <ProjectTile project={project} headingLevel={headingLevel} state={state} priority={index < 2} />
          </InspectedEntry>
        </li>
      ))}
    </ul>
  );
}

function ProjectTile({
  project,
  headingLevel,
  state,
  priority,
}: {
  project: ProjectCard;
  headingLevel: 2 | 3;
  state: unknown;
  priority: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const tags = useFieldTags();
  return (
    <>
      <span className={styles.media}>
        <ContentImage
          asset={project.image}
          {...tags("featuredImage")}
          alt=""
          sizes="(min-width: 768px) 50vw, 100vw"
          displayWidth={900}
          priority={priority}
        />
      </span>
      <Heading className={styles.title} {...tags("projectTitle")}>
        <Link to={`/project/${project.slug}`} state={state} className={styles.link}>
          {project.title}
        </Link>
      </Heading>
      {project.summary && (
        <p className={styles.summary} {...tags("heroContent")}>
          {project.summary}
        </p>
      )}
      {project.categories.length > 0 && (
        <ul className={styles.categories} aria-label={`${project.title} categories`} {...tags("category")}>
          {project.categories.map((category) => (
            <li key={category}>{category}</li>
          ))}
        </ul>
      )}
    </>
  );
}
