import { type ProjectCard, toProjectCard } from "../../content/cards.ts";
import { fieldTags } from "../../preview/inspector.tsx";
import { useLiveCards } from "../../preview/live-updates.ts";
import { Tiles } from "./ProjectTiles.tsx";

const tagsOf = (project: ProjectCard, field: string) => fieldTags(project.id, field);

/** Each tile follows its entry's edits, made into a tile by the loader's own mapper. */
export default function LiveProjectTiles({ projects }: { projects: readonly ProjectCard[] }) {
  return <Tiles projects={useLiveCards("singleProject", projects, toProjectCard)} tags={tagsOf} />;
}
