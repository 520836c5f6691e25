import { site } from "../site.ts";
import type { Route } from "./+types/privacy-policy";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Privacy Policy | ${site.name}` }];
}

export default function Page() {
  return <h1>Privacy Policy</h1>;
}
