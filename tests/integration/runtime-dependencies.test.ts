import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The container installs only `dependencies` (npm ci --omit=dev) and runs `node server/main.ts` on the TypeScript
 * sources. Every package the production start reaches through a static import must therefore be a dependency,
 * or the image starts on a developer's machine and dies in production.
 */

const root = path.resolve(import.meta.dirname, "../..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

/** Value imports of a module (type-only imports vanish under Node's type stripping); dynamic imports are skipped. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const pattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;
  for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/** Every package reached from server/main.ts through relative static imports of our own .ts files. */
function packagesReachedFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) {
        if (/\.(ts|tsx|js)$/.test(specifier)) queue.push(path.resolve(path.dirname(file), specifier));
        continue;
      }
      if (specifier.startsWith("node:") || builtinModules.includes(specifier)) continue;
      packages.set(packageName(specifier), path.relative(root, file));
    }
  }
  return packages;
}

describe("the production start", () => {
  it("imports only packages that npm ci --omit=dev installs", () => {
    // The server bundle keeps packages external; npm test builds it before the integration tests run.
    const bundle = path.join(root, "build/server/index.js");
    expect(existsSync(bundle), "run npm run build first").toBe(true);
    const reached = packagesReachedFrom(path.join(root, "server/main.ts"));
    for (const [name, file] of packagesReachedFrom(bundle)) reached.set(name, file);
    expect(reached.size).toBeGreaterThan(5);
    const missing = [...reached].filter(([name]) => !(name in manifest.dependencies));
    expect(missing.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });
});
