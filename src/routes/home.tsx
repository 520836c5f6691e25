import type { ChromeHandle } from "../lib/page-chrome.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/home";

export const homeTitle = `Design Agency Derby | ${site.name} | Web Design • Branding • UK`;

export function meta(_: Route.MetaArgs) {
  return [{ title: homeTitle }, { name: "description", content: site.description }];
}

export default function Home() {
  return (
    <section>
      <h1>{site.tagline}</h1>
    </section>
  );
}

export const handle: ChromeHandle = { chrome: { footer: "home" } };
