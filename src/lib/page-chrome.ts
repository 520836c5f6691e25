import { type UIMatch, useMatches } from "react-router";

/**
 * How a page dresses the site's header and footer (R2.4: "Header colour, split, absolute and size are set
 * per project page from the project's data and reset on each route change"; the 404 page sets the logo white
 * and the header absolute; the home page has its own footer variant).
 *
 * A route exports `handle: { chrome }`, where chrome is a PageChrome or a function of the route's loader data.
 * The deepest route that says something wins; every other route change falls back to the defaults, so nothing
 * carries over from one page to the next.
 */
export interface PageChrome {
  /** The header's background colour (any CSS colour), e.g. a project's BackgroundColour. */
  headerColour?: string;
  /** The logo and header text in white, for dark backgrounds. */
  logoWhite?: boolean;
  /** The header split in two (logo on the left, menu on the right) over a two-part hero. */
  split?: boolean;
  /** The header laid over the page's hero rather than above it. */
  absolute?: boolean;
  /** "small" for a compact header. */
  size?: "regular" | "small";
  /** The footer variant: the home page's "Let's crush it together". */
  footer?: "regular" | "home";
}

export type ChromeHandle = { chrome?: PageChrome | ((data: unknown) => PageChrome | undefined) };

export const defaultChrome: Required<Omit<PageChrome, "headerColour">> & Pick<PageChrome, "headerColour"> = {
  headerColour: undefined,
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
