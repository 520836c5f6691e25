import type { ProjectFields } from "../shared/content/model.ts";
import { projectColours } from "./colour.ts";
import type { PageFrame } from "./page-frame.ts";

/** The header takes its colour, logo, position and size from the project's data. */
export function projectFrame(project: ProjectFields | undefined): PageFrame | undefined {
  if (!project) return undefined;
  const colours = projectColours(project.BackgroundColour);
  const small = project.smallProject === "yes";
  return {
    headerColour: colours.background,
    logoWhite: colours.dark,
    absolute: project.absoluteHeader === "yes",
    split: !small && Boolean(project.heroBackground),
    size: small ? "small" : "regular",
    pageColours: { background: colours.background, text: colours.text },
  };
}
