import { site } from "../site.ts";
import type { Route } from "./+types/project";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Project | ${site.name}` }];
}

export default function Page() {
  return <h1>Project</h1>;
}
