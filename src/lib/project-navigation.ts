import { categoryQuery } from "./page-queries.ts";

/**
 * Previous and next on a project page (R2, R4): they exist only when the visitor came from the project
 * list, and follow that list as it was shown (its order and its category filter). The list hands its order
 * to the project page in React Router's navigation state. A tile followed before the app ran (a plain link)
 * carries no state; then the project page's entry names the list it came from in its referrer, and the page
 * loads that list's order once it runs and writes it into the entry's state (decision 0204).
 */

export interface ListedProject {
  slug: string;
  title: string;
}

/** The navigation state a project tile (and a previous/next link) sends along. */
export interface FromProjectList {
  fromProjectList: {
    projects: ListedProject[];
  };
}

export function projectListState(projects: readonly ListedProject[]): FromProjectList {
  return { fromProjectList: { projects: projects.map(({ slug, title }) => ({ slug, title })) } };
}

/** The list from navigation state, or undefined when the visitor did not come from the list. */
export function readProjectListState(state: unknown): ListedProject[] | undefined {
  const projects = (state as Partial<FromProjectList> | null | undefined)?.fromProjectList?.projects;
  if (!Array.isArray(projects)) return undefined;
  const valid = projects.filter(
    (p): p is ListedProject =>
      typeof p === "object" && p !== null && typeof p.slug === "string" && typeof p.title === "string",
  );
  return valid.length === projects.length ? valid : undefined;
}

export interface ProjectNeighbours {
  previous?: ListedProject;
  next?: ListedProject;
}

/** The projects either side of this one in the list: none before the first, none after the last. */
export function projectNeighbours(projects: ListedProject[] | undefined, slug: string): ProjectNeighbours | undefined {
  if (!projects) return undefined;
  const index = projects.findIndex((project) => project.slug === slug);
  if (index === -1) return undefined;
  return { previous: projects[index - 1], next: projects[index + 1] };
}

/** The project list's path, the only page whose referral gives a project page its previous and next. */
export const projectListPath = "/projects";

/**
 * The list a page loaded from the address it came from (its `document.referrer`): `/projects`, with its category
 * when it had one, when that address is the project list on this origin; otherwise undefined (another page of the
 * site, another site, no referrer at all). Parameters the list does not read (utm_*, …) are dropped.
 */
export function projectListFromReferrer(referrer: string, origin: string): string | undefined {
  const from = URL.parse(referrer);
  if (!from || from.origin !== origin || from.pathname !== projectListPath) return undefined;
  const category = from.searchParams.get(categoryQuery)?.trim();
  return category ? `${projectListPath}?${new URLSearchParams({ [categoryQuery]: category })}` : projectListPath;
}

/**
 * A history entry's state (`history.state`, as React Router's browser history writes it: the navigation state in
 * `usr`, beside its `key` and `idx`) with the list's order as its navigation state, everything else kept; back,
 * forward and a reload of the entry then find the list as if the visitor had followed a tile after hydration.
 */
export function withProjectListState(historyState: unknown, projects: ListedProject[]): Record<string, unknown> {
  const kept = typeof historyState === "object" && historyState !== null ? historyState : {};
  return { ...kept, usr: projectListState(projects) };
}
