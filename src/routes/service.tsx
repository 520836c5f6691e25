import { site } from "../site.ts";
import type { Route } from "./+types/service";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Service | ${site.name}` }];
}

export default function Page() {
  return <h1>Service</h1>;
}
