import { site } from "../site.ts";
import type { Route } from "./+types/services";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Services | ${site.name}` }];
}

export default function Page() {
  return <h1>Services</h1>;
}
