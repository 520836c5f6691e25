import { describe, expect, it } from "vitest";
import { relativeImports, sourceFiles } from "../support/source-imports.ts";

/**
 * Folders import one way, so each can be read, tested and moved with only what lies below it.
 *
 * The rule: the folders that share a parent are siblings, and a sibling stands for every file beneath it. Sibling A
 * imports sibling B when any file under A imports (statically, dynamically, as a type, or through `export … from`)
 * any file under B. Between siblings the imports form no loop: two siblings never import each other, and no longer
 * ring closes either (server/content → server/http → server/ops → server/content). This holds at every level: between
 * server/ and src/ (the server reads src/shared/, src/ never reads the server), between the top folders of server/
 * (content, enquiries, http, lib, ops, types) and of src/, and between the subfolders of any one folder.
 *
 * A folder and the files of its own parent are not siblings: server/http/page-cache/ may import server/http/*.ts and
 * be imported by it, and every folder may import the root's files (server/config.ts), which import it back to
 * assemble the process. What two folders both need goes down into one they share (server/lib/, src/shared/), never
 * sideways.
 *
 * src/ keeps three loops of its page code, named below, until they are taken apart; any other loop there fails too.
 * What src/ shares with the server imports nothing outside src/shared/ (tests/unit/shared-contracts.test.ts).
 */

type Import = { from: string; to: string };

/**
 * The three loops of src/'s page code, each by the import that goes the wrong way: the content's images and rich
 * text render components and read the live preview's field tags; the project navigation reads the list route's
 * loader type. Each is left out of the graph, its other way kept, so any further loop through them still fails.
 */
const knownLoops = [
  { from: "src/content", to: "src/components" },
  { from: "src/content", to: "src/preview" },
  { from: "src/components", to: "src/routes" },
];

/** The two sibling folders an import crosses, or none when it stays in one folder or goes to a parent's file. */
function siblingsCrossed({ from, to }: Import): [string, string] | undefined {
  const a = from.split("/");
  const b = to.split("/");
  let depth = 0;
  while (depth < a.length && a[depth] === b[depth]) depth++;
  // Both must still be inside a folder below the common parent; a file of the parent itself is not a sibling.
  if (depth >= a.length - 1 || depth >= b.length - 1) return undefined;
  return [a.slice(0, depth + 1).join("/"), b.slice(0, depth + 1).join("/")];
}

/** Folder → folder it imports → one import that shows it. */
type FolderGraph = Map<string, Map<string, Import>>;

function folderGraph(imports: Import[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const found of imports) {
    const crossed = siblingsCrossed(found);
    if (!crossed) continue;
    const [from, to] = crossed;
    const edges = graph.get(from) ?? new Map<string, Import>();
    if (!edges.has(to)) edges.set(to, found);
    graph.set(from, edges);
  }
  return graph;
}

/** The graph without the known loops' wrong-way imports. */
function withoutKnownLoops(graph: FolderGraph): FolderGraph {
  const kept: FolderGraph = new Map([...graph].map(([from, edges]) => [from, new Map(edges)]));
  for (const { from, to } of knownLoops) kept.get(from)?.delete(to);
  return kept;
}

const shown = (step: Import) => `${step.from} → ${step.to}`;

/** Every pair of siblings that import each other, each with one file on either side. */
function mutualImports(graph: FolderGraph): string[] {
  const found: string[] = [];
  for (const [a, edges] of graph) {
    for (const [b, there] of edges) {
      const back = graph.get(b)?.get(a);
      if (back && a < b) found.push(`${a} ⇄ ${b}: ${shown(there)}, and ${shown(back)}`);
    }
  }
  return found;
}

/** The rings of three or more siblings: what a topological sort cannot order, walked round once from each start. */
function longerLoops(graph: FolderGraph): string[] {
  const left = new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]);
  const outgoing = (folder: string) => [...(graph.get(folder)?.keys() ?? [])].filter((to) => left.has(to));
  // Peel off folders that import nothing still unordered (Kahn's sort, from the bottom); a loop is what stays.
  for (let peeled = true; peeled; ) {
    peeled = false;
    for (const folder of left) {
      if (outgoing(folder).length === 0) {
        left.delete(folder);
        peeled = true;
      }
    }
  }
  const loops = new Set<string>();
  for (const start of left) {
    const walked: string[] = [start];
    let at = start;
    while (!walked.slice(0, -1).includes(at)) {
      at = outgoing(at)[0] as string;
      walked.push(at);
    }
    const round = walked.slice(walked.indexOf(at), -1);
    if (round.length <= 2) continue; // a ⇄ b: told by mutualImports
    // Told once, from its first folder by name, whichever folder the walk began at.
    const first = round.indexOf([...round].sort()[0] as string);
    const ring = [...round.slice(first), ...round.slice(0, first + 1)];
    const steps = ring.slice(1).map((to, i) => shown(graph.get(ring[i] as string)?.get(to) as Import));
    loops.add(`${ring.join(" → ")}: ${steps.join(", ")}`);
  }
  return [...loops];
}

describe("folders import one way", () => {
  const imports = [...sourceFiles("server"), ...sourceFiles("src")].flatMap((from) =>
    relativeImports(from).map((to) => ({ from, to })),
  );
  const graph = folderGraph(imports);
  const checked = withoutKnownLoops(graph);

  it("reads the imports between folders (static, type, export … from, dynamic)", () => {
    const pairs = new Set(imports.map((found) => `${found.from} → ${found.to}`));
    expect(pairs).toContain("server/app.ts → server/http/server.ts");
    expect(pairs).toContain("src/entry.server.tsx → src/context.ts"); // export … from
    expect(pairs).toContain("src/preview/LivePreview.tsx → src/preview/sdk.ts"); // import("…")
    expect(graph.get("server")?.has("src")).toBe(true);
    expect(graph.get("server/http")?.has("server/lib")).toBe(true);
  });

  it("no two sibling folders import each other", () => {
    expect(mutualImports(checked)).toEqual([]);
  });

  it("no longer ring of sibling folders closes", () => {
    expect(longerLoops(checked)).toEqual([]);
  });

  it("src/'s known loops are still loops (one taken apart leaves the list)", () => {
    for (const { from, to } of knownLoops) {
      expect(graph.get(from)?.has(to) && graph.get(to)?.has(from), `${from} ⇄ ${to}`).toBe(true);
    }
  });

  it("a loop made on purpose is named with a file on each side", () => {
    const planted = folderGraph([
      { from: "server/http/logging.ts", to: "server/ops/metrics.ts" },
      { from: "server/ops/metrics.ts", to: "server/http/request-line.ts" },
      { from: "server/content/a.ts", to: "server/enquiries/b.ts" },
      { from: "server/enquiries/b.ts", to: "server/lib/c.ts" },
      { from: "server/lib/c.ts", to: "server/content/d.ts" },
      { from: "server/http/page-cache/policy.ts", to: "server/http/body.ts" },
      { from: "server/http/body.ts", to: "server/http/page-cache/policy.ts" },
    ]);
    expect(mutualImports(planted)).toEqual([
      "server/http ⇄ server/ops: server/http/logging.ts → server/ops/metrics.ts, and server/ops/metrics.ts → server/http/request-line.ts",
    ]);
    expect(longerLoops(planted)[0]).toBe(
      "server/content → server/enquiries → server/lib → server/content: server/content/a.ts → server/enquiries/b.ts, server/enquiries/b.ts → server/lib/c.ts, server/lib/c.ts → server/content/d.ts",
    );
  });
});
