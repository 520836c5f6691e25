import { type UIMatch, useMatches } from "react-router";
import { cssHex } from "./colour.ts";

// How a page dresses the header and footer: a route exports `handle: { chrome }`; the deepest route that says
// something wins and every other falls back to the defaults, so nothing carries over from one page to the next.
export interface PageChrome {
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

export type ChromeHandle = { chrome?: PageChrome | ((data: unknown) => PageChrome | undefined) };

export const defaultChrome: Required<Omit<PageChrome, "headerColour" | "pageColours">> &
  Pick<PageChrome, "headerColour" | "pageColours"> = {
  headerColour: undefined,
  pageColours: undefined,
  logoWhite: false,
  split: false,
  absolute: false,
  size: "regular",
  footer: "regular",
};

export function chromeFromMatches(matches: UIMatch[]): typeof defaultChrome {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const chrome = (match?.handle as ChromeHandle | undefined)?.chrome;
    if (!chrome) continue;
    const value = typeof chrome === "function" ? chrome(match?.loaderData) : chrome;
    if (value) return { ...defaultChrome, ...value };
  }
  return defaultChrome;
}

export function usePageChrome() {
  return chromeFromMatches(useMatches());
}

// The policy allows no style attribute, so until React sets these through the CSSOM a head rule carrying the
// document's nonce (or a stored copy's hash) gives them; values are normalised to #rrggbb so content cannot write CSS.
export function chromeColourRules(chrome: PageChrome): string | undefined {
  const rules: string[] = [];
  const header = cssHex(chrome.headerColour);
  if (header) rules.push(`header[data-coloured]{--header-colour:${header}}`);
  const background = cssHex(chrome.pageColours?.background);
  const text = cssHex(chrome.pageColours?.text);
  if (background && text) rules.push(`article[data-page-colours]{--project-bg:${background};--project-text:${text}}`);
  return rules.length > 0 ? rules.join("") : undefined;
}
