/**
 * Previous and next on a project page (R2, R4): they exist only when the visitor came from the project
 * list, and follow that list as it was shown (its order and its category filter). The list hands its order
 * to the project page in React Router's navigation state; nothing else carries it.
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

export function projectListState(projects: ListedProject[]): FromProjectList {
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
