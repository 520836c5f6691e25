import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` runs on a fresh clone after `npm ci` (no build, no services beyond what a test starts in
 * process); `integration` drives the built app (`npm run build` first), real processes and system tools.
 */
export default defineConfig({
  // As in the production build (vite.config.ts): asset imports are URLs of files, never inlined data.
  build: { assetsInlineLimit: 0 },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.ts"] } },
    ],
  },
});
