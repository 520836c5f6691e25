import path from "node:path";
import express, { type Response, type Router } from "express";
import { labelRoute, staticRoute } from "../ops/route-label.ts";

/** The production build's client files: hashed assets cached for a year, everything else for an hour. */
export function staticFiles(clientDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(clientDir, {
      maxAge: "1h",
      index: false,
      // One metrics label for every such file, whatever its name.
      setHeaders: (res) => labelRoute(res as Response, staticRoute),
    }),
  );
  return router;
}
