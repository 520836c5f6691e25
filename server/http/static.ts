import path from "node:path";
import express, { type Response, type Router } from "express";
import expressStaticGzip from "express-static-gzip";
import { labelRoute, staticRoute } from "../lib/route-labels.ts";

// Hashed assets go out as the brotli or gzip copy the build wrote beside them, so no request pays for compressing them.
export function staticFiles(clientDir: string): Router {
  const router = express.Router();
  router.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      index: false,
      serveStatic: {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
        fallthrough: false,
      },
    }),
  );
  router.use(
    express.static(clientDir, {
      maxAge: "1h",
      index: false,
      setHeaders: (res) => labelRoute(res as Response, staticRoute),
    }),
  );
  return router;
}
