import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { historyKey, isArrivalEntry, isDocumentEntry } from "../../lib/document-entry.ts";
import {
  type ListedProject,
  projectListFromReferrer,
  projectListState,
  projectNeighbours,
  readProjectListState,
  withProjectListState,
} from "../../lib/project-navigation.ts";
import type { loader as projectListLoader } from "../../routes/projects.tsx";
import { useHydrated } from "../useDevice.ts";
import styles from "./ProjectNavigation.module.css";

/** Navigation state lives in the browser's history, so the server (and the hydration pass) draw nothing here. */
export function ProjectNavigation({ slug }: { slug: string }) {
  const location = useLocation();
  const inBrowser = useHydrated();
  const fromState = inBrowser ? readProjectListState(location.state) : undefined;
  const fromReferrer = useListFromReferrer(inBrowser && !fromState, location.key, slug);
  const projects = fromState ?? fromReferrer;
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

// A tile followed before the app ran leaves no state, but the document's referrer names the list (same-origin
// referrers are sent whole); its order is loaded and written into the entry's state for back, forward and reload.
function useListFromReferrer(wanted: boolean, locationKey: string, slug: string): ListedProject[] | undefined {
  const list =
    wanted && isArrivalEntry(locationKey)
      ? projectListFromReferrer(document.referrer, window.location.origin)
      : undefined;
  const fetcher = useFetcher<typeof projectListLoader>();
  const { load } = fetcher;

  useEffect(() => {
    if (list) void load(list);
  }, [list, load]);

  const loaded = list && fetcher.data ? readProjectListState(projectListState(fetcher.data.projects)) : undefined;
  const listed = loaded?.some((project) => project.slug === slug) ? loaded : undefined;

  useEffect(() => {
    // Written only while the browser is still on the entry the document was loaded into.
    if (!listed || !isDocumentEntry(historyKey(window.history.state))) return;
    window.history.replaceState(withProjectListState(window.history.state, listed), "");
  }, [listed]);

  return listed;
}
