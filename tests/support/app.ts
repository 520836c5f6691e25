import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DestinationStream } from "pino";
import type { ServerBuild } from "react-router";
import request from "supertest";
import { createApp } from "../../server/app.ts";
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

/** The real app with real services, built like server/main.ts does, for supertest; `log` takes every line. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    services?: (services: Services) => Services;
    serviceOptions?: ServiceOptions;
    log?: DestinationStream;
  } = {},
) {
  const config = testConfig(options.env);
  const logger = options.log ? createLogger("debug", options.log) : createLogger(config.LOG_LEVEL);
  const real = await createServices(config, logger, options.serviceOptions);
  const services = options.services ? options.services(real) : real;
  const app = createApp({
    config,
    logger,
    services,
    build: await loadBuild(),
    clientDir: path.join(root, "build/client"),
  });
  return { app, config, services };
}

/** Asks the app for the spam question, answers it and posts a short enquiry, as an API client would. */
export async function sendEnquiry(app: Awaited<ReturnType<typeof buildTestApp>>["app"]) {
  const question = await request(app).get("/emails/contact-form/challenge").expect(200);
  const { a, b, challenge } = question.body as { a: number; b: number; challenge: string };
  return request(app)
    .post("/emails/contact-form")
    .send({
      name: "Ops Test",
      email: "ops@example.com",
      need: "Branding",
      brief: "A new logo for a bakery.",
      challenge,
      answer: String(a + b),
    });
}
