import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { StatusBoard } from "../components/StatusBoard.tsx";
import { servicesContext } from "../context.ts";
import type { RefreshHandle } from "../lib/page-refresh.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/status";

/** How often the page renews itself: by revalidating with JavaScript, by a <noscript> meta refresh without. */
export const refreshSeconds = 30;

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(servicesContext).status();
}

// An operator wants now, not whatever a cache kept.
export function headers(_: Route.HeadersArgs) {
  return { "Cache-Control": "no-store" };
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: `Server status | ${site.name}` },
    { name: "description", content: `Whether the ${site.name} website, its content and its mail are working.` },
    { name: "robots", content: "noindex" },
  ];
}

export const handle: RefreshHandle = { refreshSeconds };

export default function StatusRoute({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [revalidate]);
  return <StatusBoard report={loaderData} refreshSeconds={refreshSeconds} />;
}
