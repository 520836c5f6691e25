import type { Logger } from "pino";
import type { SiteServices } from "../src/services.ts";
import type { Config } from "./config.ts";

/** Builds every service the site needs from config: the one place where real parts are chosen. */
export async function createServices(_config: Config, _logger: Logger): Promise<SiteServices> {
  return {
    content: {
      async getEntries() {
        return { items: [] };
      },
    },
  };
}
