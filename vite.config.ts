import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";

export default defineConfig({
  // Brotli and gzip copies of the client's hashed assets, written once at build time.
  plugins: [inlineScripts(), reactRouter(), sectionStylesOnTheirPage(), precompressAssets()],
  build: { assetsInlineLimit: 0, modulePreload: { resolveDependencies: preloadsOfLazyImport } },
  css: { modules: { generateScopedName: scopedClassName } },
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: { groups: clientChunkGroups() } } } } },
  },
  // Pre-bundled at start: found only when /contact is first opened, it would make Vite reload the page.
  optimizeDeps: { include: ["zod/mini"] },
});

/** The modules that are on every page: the browser entry's and the root route's, and all they import statically. */
const everyPageEntries = ["src/entry.client.tsx", "src/root.tsx"].map((file) =>
  path.resolve(import.meta.dirname, file),
);
const homeRoute = [path.resolve(import.meta.dirname, "src/routes/home.tsx")];

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}
const reached = new WeakMap<ChunkingContext, Map<readonly string[], Set<string>>>();

/** Every module the entries import statically, directly or not (the entries themselves stay entry chunks). */
function reachedFrom(context: ChunkingContext, entries: readonly string[]): Set<string> {
  const known = reached.get(context) ?? new Map<readonly string[], Set<string>>();
  reached.set(context, known);
  let modules = known.get(entries);
  if (modules) return modules;
  modules = new Set();
  const queue = entries.flatMap((id) => context.getModuleInfo(id)?.importedIds ?? []);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (modules.has(id) || entries.includes(id)) continue;
    modules.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  known.set(entries, modules);
  return modules;
}

/**
 * How the browser's code is cut into files. A phone on a slow network pays a round trip for each
 * file a page needs, so what every page runs comes in two files: the libraries ("framework": React, React DOM,
 * React Router; changed only by an upgrade) and our own shell ("site": header, footer, consent, shared helpers).
 * The style maps of the home page's lazily loaded sections come in one file when the first of them loads, and so
 * do their stylesheets, which the page lists as its own (below): one stylesheet the prefetcher of every other page
 * fetches ahead for the home page, not one per section. Everything else (routes, lazy sections, code a few routes
 * share) is cut as Rolldown does by itself.
 */
function clientChunkGroups() {
  return [
    {
      debugName: "every page",
      name: (id: string, context: ChunkingContext) => {
        if (!reachedFrom(context, everyPageEntries).has(id)) return null;
        return /[\\/]node_modules[\\/]/.test(id) ? "framework" : "site";
      },
      priority: 2,
    },
    {
      debugName: "home sections' styles",
      name: (id: string, context: ChunkingContext) =>
        homeSectionStyles.test(id) && !reachedFrom(context, homeRoute).has(id) ? "home-sections" : null,
      priority: 1,
    },
  ];
}

const homeSectionStyles = /[\\/]src[\\/]components[\\/]home[\\/][^\\/]+\.module\.css$/;

/** The files every page has loaded before any of its code imports another (the chunk groups above, and the runtime). */
const loadedOnEveryPage = /^assets\/(?:framework|site|rolldown-runtime)-[\w-]{8}\.js$/;

/** Modules only an editor's preview loads (`*.preview.tsx`). */
const previewOnly = /\.preview-[\w-]{8}\.js$/;

/**
 * The files a lazily imported module's code needs, fetched beside it: those every page has already loaded are left
 * out of the list, which each importing file carries, and a preview-only module fetches its own (an editor's pane
 * may wait a round trip; a visitor's first load would carry the list). The module itself is left to its import():
 * Firefox may fail a module preload raced by an import of the same module.
 */
function preloadsOfLazyImport(file: string, dependencies: string[]): string[] {
  if (previewOnly.test(file)) return [];
  return dependencies.filter((dependency) => dependency !== file && !loadedOnEveryPage.test(dependency));
}

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

/**
 * A route module's lazy imports are its page's sections, drawn in full by the server (HydrateWhenVisible.tsx): their
 * stylesheets, and those of everything they import, are listed as the route's own, so the server inlines them and
 * the first paint (or a visit without JavaScript) is styled before any section's code arrives.
 */
function sectionStylesOnTheirPage(): Plugin {
  return {
    name: "agency:section-styles-on-their-page",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const stylesOf = (file: string, seen: Set<string>): string[] => {
        const chunk = bundle[file];
        if (seen.has(file) || chunk?.type !== "chunk") return [];
        seen.add(file);
        // What a chunk imports comes first, as Vite orders them: a section's own rules override its components'.
        return [...chunk.imports.flatMap((next) => stylesOf(next, seen)), ...(chunk.viteMetadata?.importedCss ?? [])];
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.facadeModuleId?.includes("/src/routes/")) continue;
        const own = new Set(chunk.imports.flatMap((file) => stylesOf(file, new Set())));
        for (const section of chunk.dynamicImports) {
          for (const css of stylesOf(section, new Set())) if (!own.has(css)) chunk.viteMetadata?.importedCss.add(css);
        }
      }
    },
  };
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

/**
 * A CSS module's class names: the local name and a short hash of the module's path, the same in the server's and
 * the browser's build. Unique because a module's local names are; without the default's line number, which made
 * every name on every page a few bytes longer in the style maps the browser loads.
 */
function scopedClassName(name: string, filename: string): string {
  const file = path.relative(import.meta.dirname, filename.split("?")[0] ?? filename);
  return `_${name}_${createHash("sha256").update(file).digest("base64url").slice(0, 5)}`;
}

const inlineScriptQuery = "?inline-script";

/**
 * `import script from "./x.ts?inline-script"`: the module's default export, a function, bundled with what it imports
 * and minified as a classic script that calls it, as a string. The scripts the server inlines before the app starts
 * are typed modules that share their logic with the app's, and are hashed for the policy as they are served.
 */
function inlineScripts(): Plugin {
  return {
    name: "agency:inline-scripts",
    enforce: "pre",
    async load(id) {
      if (!id.endsWith(inlineScriptQuery)) return null;
      const file = id.slice(0, -inlineScriptQuery.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await bundleScript(file))};`;
    },
  };
}

async function bundleScript(file: string): Promise<string> {
  const entry = "\0inline-script-entry";
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root: import.meta.dirname,
    plugins: [
      {
        name: "agency:inline-script-entry",
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? `import run from ${JSON.stringify(file)};\nrun();` : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: entry, output: { format: "iife" } },
    },
  });
  const [output] = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = output?.output.find((item) => item.type === "chunk");
  if (!chunk) throw new Error(`${file}: no script was built`);
  return chunk.code.trim();
}
