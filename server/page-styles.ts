import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Inlined in each document's head, so the first paint waits for nothing but the HTML; the same files stay on
// /assets for the browser's later pages.
export function pageStylesheets(clientDir: string): (hrefs: readonly string[]) => string {
  const assets = path.join(clientDir, "assets");
  const files = new Map(
    readdirSync(assets)
      .filter((name) => name.endsWith(".css"))
      .map((name) => [`/assets/${name}`, readFileSync(path.join(assets, name), "utf8")]),
  );
  // One entry per set of routes a page matches: as many as the app has pages, never more.
  const joined = new Map<string, string>();
  // React Router marks some stylesheet URLs with an empty fragment ("…css#"): the same file.
  const file = (href: string) => files.get(href.replace(/#.*$/, ""));
  return (hrefs) => {
    const key = hrefs.join(" ");
    let css = joined.get(key);
    if (css === undefined) {
      const missing = hrefs.find((href) => file(href) === undefined);
      if (missing) throw new Error(`a stylesheet that is not in the build: ${missing}`);
      css = hrefs.map(file).join("\n");
      joined.set(key, css);
    }
    return css;
  };
}
