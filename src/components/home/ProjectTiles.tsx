import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { ProjectCard } from "../../content/cards.ts";
import { cssHex } from "../../lib/colour.ts";
import type { FieldTags } from "../../preview/inspector.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import styles from "./ProjectTiles.module.css";

// Preview-only code (live edits, inspector tags), loaded only then: this section is in the home page's first script.
const LiveTiles = lazy(() => import("./ProjectTiles.preview.tsx"));

/** No navigation state: arriving from home, a project page shows no previous/next (only the list sends them). */
export function ProjectTiles({ projects }: { projects: ProjectCard[] | null }) {
  return (
    <section className={styles.work} aria-labelledby="work-title">
      <div className="container">
        <div className={styles.head}>
          <h2 id="work-title" className="section-label">
            Selected work
          </h2>
          <Link className="section-link" to="/projects">
            All projects →
          </Link>
        </div>
        {projects === null ? (
          <LoadingPlaceholder look="box" className={styles.placeholder} label="Loading our projects…" />
        ) : (
          <LiveOrPublished projects={projects} />
        )}
      </div>
    </section>
  );
}

function LiveOrPublished({ projects }: { projects: ProjectCard[] }) {
  if (!projects.some((project) => project.source)) return <Tiles projects={projects} />;
  return (
    <Suspense fallback={<Tiles projects={projects} />}>
      <LiveTiles projects={projects} />
    </Suspense>
  );
}

export function Tiles({
  projects,
  tags,
}: {
  projects: readonly ProjectCard[];
  tags?: (project: ProjectCard, field: string) => FieldTags;
}) {
  return (
    <ul className={styles.grid}>
      {projects.map((project) => (
        <li key={project.id} className={styles.item}>
          <Link className={styles.tile} to={`/project/${project.slug}`}>
            <span className={styles.frame}>
              <TileColour colour={project.colour} tags={tags?.(project, "BackgroundColour")} />
              <ContentImage
                className={styles.image}
                asset={project.image}
                {...tags?.(project, "featuredImage")}
                alt=""
                displayWidth={900}
                sizes="(min-width: 64rem) 50vw, (min-width: 40rem) 50vw, 100vw"
              />
            </span>
            <span className="visually-hidden">
              {project.clientName}: {project.summary}
            </span>
            {/* Hidden from screen readers: they read the line above, whether or not the overlay shows. */}
            <span className={styles.overlay} data-tile-overlay="" aria-hidden="true">
              <span
                className={styles.client}
                {...tags?.(project, project.source?.clientName ? "clientName" : "projectTitle")}
              >
                {project.clientName}
              </span>
              <span className={styles.summary} {...tags?.(project, "heroContent")}>
                {project.summary}
              </span>
              <span className={styles.more}>View project →</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A filled shape, as the policy allows no style attribute; the colour is normalised to #rrggbb. */
function TileColour({ colour, tags }: { colour: string | undefined; tags: FieldTags | undefined }) {
  const fill = cssHex(colour);
  if (!fill) return null;
  return (
    <svg className={styles.swatch} aria-hidden="true" focusable="false" {...tags}>
      <rect width="100%" height="100%" fill={fill} />
    </svg>
  );
}
