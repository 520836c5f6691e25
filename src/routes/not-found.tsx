import { data } from "react-router";
import { NotFound } from "../components/NotFound.tsx";
import type { ChromeHandle } from "../lib/page-chrome.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/not-found";

export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: `Page not found | ${site.name}` }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const handle: ChromeHandle = { chrome: { logoWhite: true, absolute: true } };
