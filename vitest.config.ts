import { defineConfig } from "vitest/config";

export default defineConfig({
  // As in the production build (vite.config.ts): asset imports are URLs of files, never inlined data.
  build: { assetsInlineLimit: 0 },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
