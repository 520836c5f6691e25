import { site } from "../site.ts";
import type { Route } from "./+types/about";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Agency | ${site.name}` }];
}

export default function Page() {
  return <h1>Agency</h1>;
}
