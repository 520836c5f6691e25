import { site } from "../site.ts";
import type { Route } from "./+types/projects";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Our Work | ${site.name}` }];
}

export default function Page() {
  return <h1>Our Work</h1>;
}
