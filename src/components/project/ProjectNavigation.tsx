import { Link, useLocation } from "react-router";
import { projectListState, projectNeighbours, readProjectListState } from "../../lib/project-navigation.ts";
import { useHydrated } from "../useDevice.ts";
import styles from "./ProjectNavigation.module.css";

/**
 * Previous and next project, only for a visitor who came from the project list (R4); previous is absent
 * on the list's first project and next on its last. Navigation state lives in the browser's history, so the
 * server (and the hydration pass) draw nothing here.
 */
export function ProjectNavigation({ slug }: { slug: string }) {
  const location = useLocation();
  const inBrowser = useHydrated();
  const projects = inBrowser ? readProjectListState(location.state) : undefined;
  const neighbours = projectNeighbours(projects, slug);
  if (!projects || !neighbours || (!neighbours.previous && !neighbours.next)) return null;
  const state = projectListState(projects);

  return (
    <nav className={styles.navigation} aria-label="More projects">
      {neighbours.previous && (
        <Link to={`/project/${neighbours.previous.slug}`} state={state} className={styles.previous} rel="prev">
          <span className={styles.direction}>Previous project</span>
          <span className={styles.title}>{neighbours.previous.title}</span>
        </Link>
      )}
      {neighbours.next && (
        <Link to={`/project/${neighbours.next.slug}`} state={state} className={styles.next} rel="next">
          <span className={styles.direction}>Next project</span>
          <span className={styles.title}>{neighbours.next.title}</span>
        </Link>
      )}
    </nav>
  );
}
