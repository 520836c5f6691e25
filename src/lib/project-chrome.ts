import type { ProjectFields } from "../content/model.ts";
import { projectColours } from "./colour.ts";
import type { PageChrome } from "./page-chrome.ts";

/**
 * How a project page dresses the header (R2.4: colour, split, absolute and size from the project's data;
 * docs/decisions/0074): the header takes BackgroundColour, the white logo when that colour is dark, lies over
 * the hero when absoluteHeader is 'yes', splits over the full layout's two-part hero, and is small on the
 * small layout.
 */
export function projectChrome(project: ProjectFields | undefined): PageChrome | undefined {
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
