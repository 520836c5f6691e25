import { type UIMatch, useMatches } from "react-router";
import { cssHex } from "./colour.ts";

// A page's frame is the header and footer around it. A route sets them with `handle: { frame }`; the deepest route
// that says something wins and every other falls back to the defaults, so nothing carries over from one page to the
// next.
export interface PageFrame {
  headerColour?: string;
  logoWhite?: boolean;
  split?: boolean;
  /** Laid over the page's hero rather than above it. */
  absolute?: boolean;
  size?: "regular" | "small";
  footer?: "regular" | "home";
  /** A project's own colours, for the element marked `data-page-colours`. */
  pageColours?: { background: string; text: string };
}

export type FrameHandle = { frame?: PageFrame | ((data: unknown) => PageFrame | undefined) };

export const defaultFrame: Required<Omit<PageFrame, "headerColour" | "pageColours">> &
  Pick<PageFrame, "headerColour" | "pageColours"> = {
  headerColour: undefined,
  pageColours: undefined,
  logoWhite: false,
  split: false,
  absolute: false,
  size: "regular",
  footer: "regular",
};

export function frameFromMatches(matches: UIMatch[]): typeof defaultFrame {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const frame = (match?.handle as FrameHandle | undefined)?.frame;
    if (!frame) continue;
    const value = typeof frame === "function" ? frame(match?.loaderData) : frame;
    if (value) return { ...defaultFrame, ...value };
  }
  return defaultFrame;
}

export function usePageFrame() {
  return frameFromMatches(useMatches());
}

// The policy allows no style attribute, so until React sets these through the CSSOM a head rule carrying the
// document's nonce (or a stored copy's hash) gives them; values are normalised to #rrggbb so content cannot write CSS.
export function frameColourRules(frame: PageFrame): string | undefined {
  const rules: string[] = [];
  const header = cssHex(frame.headerColour);
  if (header) rules.push(`header[data-coloured]{--header-colour:${header}}`);
  const background = cssHex(frame.pageColours?.background);
  const text = cssHex(frame.pageColours?.text);
  if (background && text) rules.push(`article[data-page-colours]{--project-bg:${background};--project-text:${text}}`);
  return rules.length > 0 ? rules.join("") : undefined;
}
