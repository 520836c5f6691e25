import { data, redirect } from "react-router";
import { NotFound } from "../components/NotFound.tsx";
import type { FrameHandle } from "../lib/page-frame.ts";
import { notFoundPage, seo } from "../lib/seo.ts";
import { redirectFor } from "../shared/redirects.ts";
import type { Route } from "./+types/not-found";

export function loader({ url }: Route.LoaderArgs) {
  // The server answers legacy paths with a 301; a client-side navigation to one lands here, and the redirect keeps the
  // old path out of the history. `url` is React Router's normalised URL (no ".data" suffix or "_routes" parameter).
  const target = redirectFor(`${url.pathname}${url.search}`);
  if (target) throw redirect(target, 301);
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, notFoundPage);
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const handle: FrameHandle = { frame: { logoWhite: true, absolute: true } };
