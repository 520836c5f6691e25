import { type UIMatch, useMatches } from "react-router";
import { cssHex } from "./colour.ts";

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
  /** The page's own background and text colours (a project's), for the element marked `data-page-colours`. */
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

/**
 * The colours a page takes from its content, as the style sheet the server puts in the document's head
 * (decision 0201): the policy allows no style attribute, so until React runs the header (`data-coloured`) and the
 * page's article (`data-page-colours`) get their custom properties from this rule, which carries the document's
 * nonce (or, in a stored copy, its hash). Values are normalised to #rrggbb, so content cannot write CSS. Once
 * React runs, the same properties are set through the CSSOM and the rule goes.
 */
export function chromeColourRules(chrome: PageChrome): string | undefined {
  const rules: string[] = [];
  const header = cssHex(chrome.headerColour);
  if (header) rules.push(`header[data-coloured]{--header-colour:${header}}`);
  const background = cssHex(chrome.pageColours?.background);
  const text = cssHex(chrome.pageColours?.text);
  if (background && text) rules.push(`article[data-page-colours]{--project-bg:${background};--project-text:${text}}`);
  return rules.length > 0 ? rules.join("") : undefined;
}
