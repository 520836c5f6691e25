import { readFileSync } from "node:fs";
import type { Config } from "../config.ts";
import type { BuildInfo } from "./status.ts";

/** The running build: BUILD_VERSION and BUILD_COMMIT from the environment, package.json's version otherwise. */
export function buildInfo(config: Pick<Config, "BUILD_VERSION" | "BUILD_COMMIT">): BuildInfo {
  return {
    version: config.BUILD_VERSION ?? packageVersion(),
    commit: config.BUILD_COMMIT ?? null,
  };
}

function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  const { version } = JSON.parse(readFileSync(file, "utf8")) as { version?: string };
  return version ?? "unknown";
}
