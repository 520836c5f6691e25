import { site } from "../site.ts";
import type { Route } from "./+types/contact";

export function meta(_: Route.MetaArgs) {
  return [{ title: `Contact | ${site.name}` }];
}

export default function Page() {
  return <h1>Contact</h1>;
}
