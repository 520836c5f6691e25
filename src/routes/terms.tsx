import { site } from "../site.ts";
import type { Route } from "./+types/terms";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Terms & Conditions | ${site.name}` }];
}

export default function Page() {
  return <h1>Terms & Conditions</h1>;
}
