import { site } from "../site.ts";
import type { Route } from "./+types/news";

export function meta(_: Route.MetaArgs) {
  return [{ title: `News | ${site.name}` }];
}

export default function Page() {
  return <h1>News</h1>;
}
