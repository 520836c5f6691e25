import { site } from "../site.ts";
import type { Route } from "./+types/post";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Article | ${site.name}` }];
}

export default function Page() {
  return <h1>Article</h1>;
}
