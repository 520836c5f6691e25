import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled at start: found only when /contact is first opened, it would make Vite reload the page.
  optimizeDeps: { include: ["zod/mini"] },
});
