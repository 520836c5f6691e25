import { categoryQuery, readCategory } from "../shared/page-queries.ts";

// Previous and next on a project page follow the project list as the visitor saw it (order and filter), handed over in
// navigation state; a tile followed before the app ran carries none, so the page recovers the list from its referrer.

export interface ListedProject {
  slug: string;
  title: string;
}

export interface FromProjectList {
  fromProjectList: {
    projects: ListedProject[];
  };
}

export function projectListState(projects: readonly ListedProject[]): FromProjectList {
  return { fromProjectList: { projects: projects.map(({ slug, title }) => ({ slug, title })) } };
}

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

export function projectNeighbours(projects: ListedProject[] | undefined, slug: string): ProjectNeighbours | undefined {
  if (!projects) return undefined;
  const index = projects.findIndex((project) => project.slug === slug);
  if (index === -1) return undefined;
  return { previous: projects[index - 1], next: projects[index + 1] };
}

const projectListPath = "/projects";

/** Only the project list on this origin counts; parameters the list does not read (utm_*, …) are dropped. */
export function projectListFromReferrer(referrer: string, origin: string): string | undefined {
  const from = URL.parse(referrer);
  if (!from || from.origin !== origin || from.pathname !== projectListPath) return undefined;
  const category = readCategory(from.searchParams);
  return category ? `${projectListPath}?${new URLSearchParams({ [categoryQuery]: category })}` : projectListPath;
}

/** React Router's browser history keeps navigation state in `usr`, so back, forward and reload then find the list. */
export function withProjectListState(historyState: unknown, projects: ListedProject[]): Record<string, unknown> {
  const kept = typeof historyState === "object" && historyState !== null ? historyState : {};
  return { ...kept, usr: projectListState(projects) };
}
