import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

export default defineConfig({
  // Brotli and gzip copies of the client's hashed assets, written once at build time (decision 0176).
  plugins: [reactRouter(), precompressAssets()],
  build: { assetsInlineLimit: 0 },
  // Pre-bundled at start: found only when /contact is first opened, it would make Vite reload the page.
  optimizeDeps: { include: ["zod/mini"] },
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; fonts and images are compressed formats already. */
const compressible = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each compressible file, when the copy is
 * smaller: the server sends these as they are (server/http/static.ts) instead of compressing every response.
 */
async function precompress(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => compressible.test(file))
      .map(async (file) => {
        const source = await readFile(path.join(dir, file));
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < source.length) await writeFile(path.join(dir, `${file}.br`), br);
        if (gz.length < source.length) await writeFile(path.join(dir, `${file}.gz`), gz);
      }),
  );
}

/** The Vite plugin: compresses what the client build wrote under assets/ (the server build is left alone). */
function precompressAssets(): Plugin {
  return {
    name: "agency:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await precompress(
        dir,
        Object.keys(bundle).filter((file) => file.startsWith("assets/")),
      );
    },
  };
}
