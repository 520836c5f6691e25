import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/browser.ts";
import { e2eEditorOrigin, e2ePreviewSecret } from "./tests/e2e/content.ts";

const port = Number(process.env.E2E_PORT ?? 4173);
/** `npm run dev` (Vite middleware, HMR) runs beside it for tests/e2e/dev.spec.ts. */
const devPort = port + 1;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /dev\.spec\.ts$/ },
    {
      name: "dev-server",
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${devPort}` },
      testMatch: /dev\.spec\.ts$/,
      // After the production tests: Vite compiling the app on first request would compete with them for the CPU.
      dependencies: ["chromium"],
    },
  ],
  webServer: [
    {
      // The same start command the container runs, against the production build.
      command: "node server/main.ts",
      // Ready once its page cache holds the sitemap's pages: the tests do not share the CPU with
      // the warming.
      url: `http://127.0.0.1:${port}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATA_DIR: "./var/e2e",
        CONTACT_RATE_LIMIT: "1000",
        FORM_SECRET: "e2e-form-secret-0123456789abcdef",
        PREVIEW_SECRET: e2ePreviewSecret,
        LIVE_PREVIEW_ORIGINS: e2eEditorOrigin,
      },
    },
    {
      // The README's `npm run dev`.
      command: "node --conditions=development server/main.ts --dev",
      url: `http://127.0.0.1:${devPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(devPort), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: "./var/e2e-dev" },
    },
  ],
});
