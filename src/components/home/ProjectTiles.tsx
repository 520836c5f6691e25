import { Link } from "react-router";
import type { ProjectCard } from "../../content/cards.ts";
import { cssHex } from "../../lib/colour.ts";
import { ContentImage } from "../ContentImage.tsx";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import styles from "./ProjectTiles.module.css";

/**
 * Section 3: the client project tiles. Hovering or focusing a tile lays its client and short description over
 * the cover; on screens without hover they sit under it all the time.
 * No navigation state: arriving from home, a project page shows no previous/next (only the list sends them).
 */
export function ProjectTiles({ projects }: { projects: ProjectCard[] | null }) {
  return (
    <section className={styles.work} aria-labelledby="work-title">
      <div className="container">
        <div className={styles.head}>
          <h2 id="work-title" className={styles.title}>
            Selected work
          </h2>
          <Link className={styles.all} to="/projects">
            All projects →
          </Link>
        </div>
        {projects === null ? (
          <LoadingPlaceholder look="box" className={styles.placeholder} label="Loading our projects…" />
        ) : (
          <ul className={styles.grid}>
            {projects.map((project) => (
              <li key={project.id} className={styles.item}>
                <Link className={styles.tile} to={`/project/${project.slug}`}>
                  <span className={styles.frame}>
                    <TileColour colour={project.colour} />
                    <ContentImage
                      className={styles.image}
                      asset={project.image}
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
                    <span className={styles.client}>{project.clientName}</span>
                    <span className={styles.summary}>{project.summary}</span>
                    <span className={styles.more}>View project →</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * The project's colour behind its cover (seen while the image loads): a shape filled with it rather than a style
 * attribute, which the policy does not allow (decision 0201); the colour is normalised to #rrggbb.
 */
function TileColour({ colour }: { colour: string | undefined }) {
  const fill = cssHex(colour);
  if (!fill) return null;
  return (
    <svg className={styles.swatch} aria-hidden="true" focusable="false">
      <rect width="100%" height="100%" fill={fill} />
    </svg>
  );
}
