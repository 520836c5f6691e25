import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { type AppDeps, createApp } from "../../server/app.ts";
import { type Config, loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/http/logging.ts";
import { createServices, type ServiceOptions, type Services } from "../../server/services.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The production server build (npm test builds it before the integration tests run). */
export async function loadBuild(): Promise<ServerBuild> {
  return (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "site-test-")),
    CONTENT_DIR: path.join(root, "content"),
    ...env,
  });
}

/** The real app with real services, built like server/main.ts does, for supertest. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    services?: (services: Services) => Services;
    serviceOptions?: ServiceOptions;
    /** Told which pages a content webhook changed (what a page cache would drop). */
    onPurge?: AppDeps["onPurge"];
  } = {},
) {
  const config = testConfig(options.env);
  const logger = createLogger(config.LOG_LEVEL);
  const real = await createServices(config, logger, options.serviceOptions);
  const services = options.services ? options.services(real) : real;
  const app = createApp({
    config,
    logger,
    services,
    build: await loadBuild(),
    clientDir: path.join(root, "build/client"),
    onPurge: options.onPurge,
  });
  return { app, config, services };
}
