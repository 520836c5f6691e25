import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The project's own docs hold together: every decision record says when it was taken and whether it stands, has
 * its row in the index (docs/decisions/README.md) that agrees with it, every link between the docs leads to a file
 * that exists, every requirement the docs cite is one docs/requirements.md defines, and the code cites none. Nothing
 * cites a document outside the repository.
 */

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const decisionsDir = "docs/decisions";
const decisions = readdirSync(path.join(root, decisionsDir)).filter((file) => /^\d{4}-.*\.md$/.test(file));

/** Source and docs files the project writes (not generated content, not dependencies). */
function projectFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|md|css)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("decision records", () => {
  it("each carries a date and a status near the top", () => {
    expect(decisions.length).toBeGreaterThan(30);
    for (const file of decisions) {
      const head = read(`${decisionsDir}/${file}`).split("\n").slice(0, 8).join("\n");
      expect(head, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
      expect(head, file).toMatch(/^Status: (accepted|superseded by \d{4}|proposed)/m);
    }
  });

  it("a record superseded by another names one that exists", () => {
    const numbers = new Set(decisions.map((file) => file.slice(0, 4)));
    for (const file of decisions) {
      const by = /^Status: superseded by (\d{4})/m.exec(read(`${decisionsDir}/${file}`))?.[1];
      if (by) expect(numbers.has(by), `${file} → ${by}`).toBe(true);
    }
  });
});

describe("the decision index", () => {
  /** The index's rows: | 0120 | [Title](0120-file.md) | 2026-11-23 | status |, and any further cell. */
  const rows = [
    ...read(`${decisionsDir}/README.md`).matchAll(
      /^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\) \| (\d{4}-\d{2}-\d{2}) \| ([^|]+?) \|(?: [^|]+ \|)?$/gm,
    ),
  ].map(([, number = "", file = "", date = "", status = ""]) => ({ number, file, date, status }));
  const numbers = new Set(decisions.map((file) => file.slice(0, 4)));
  /** The other records a status names: those this one supersedes or amends, and those that amend or supersede it. */
  const relatedRecords = (number: string, status: string) =>
    [...new Set(status.match(/\b\d{4}\b/g) ?? [])].filter((cited) => cited !== number && numbers.has(cited)).sort();
  const head = (file: string) => {
    const text = read(`${decisionsDir}/${file}`);
    return { date: /^Date: (.+)$/m.exec(text)?.[1], status: /^Status: (.+)$/m.exec(text)?.[1] ?? "" };
  };

  it("has one row for every record, in number order, and no row for a record that does not exist", () => {
    expect(rows.map((row) => row.file)).toEqual([...decisions].sort());
    for (const row of rows) expect(row.file, row.number).toMatch(new RegExp(`^${row.number}-`));
  });

  it("gives each record's date and the standing its own Status line gives it", () => {
    for (const row of rows.filter((row) => decisions.includes(row.file))) {
      const record = head(row.file);
      expect(row.date, row.file).toBe(record.date);
      // accepted, superseded or proposed: the first word decides whether the record still stands.
      expect(row.status.split(/\W/)[0], row.file).toBe(record.status.split(/\W/)[0]);
      // The records it changes and those that change it: the same in the row as in the record's own Status line.
      expect(relatedRecords(row.number, row.status), `${row.file}: ${record.status}`).toEqual(
        relatedRecords(row.number, record.status),
      );
    }
  });
});

describe("links between the docs", () => {
  /** Every Markdown file under docs/, and the README. */
  const docs = ["README.md", ...projectFiles("docs").filter((file) => file.endsWith(".md"))];
  /** Inline links `[text](target)` and reference definitions `[label]: target`, to a file of the repository. */
  const targets = (text: string) =>
    [...text.matchAll(/\]\(([^)\s]+)\)|^\[[^\]]+\]:\s*(\S+)/gm)]
      .map(([, inline, reference]) => (inline ?? reference ?? "").split("#")[0] ?? "")
      .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));

  it("lead to files that exist", () => {
    expect(docs).toContain("docs/architecture.md");
    const broken: string[] = [];
    for (const doc of docs) {
      for (const target of targets(read(doc))) {
        if (!existsSync(path.join(root, path.dirname(doc), target))) broken.push(`${doc} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the map in docs/architecture.md", () => {
  const map = read("docs/architecture.md");
  /** The map's rows: | `server/http/` | entry point | tests | records, as [0105] | */
  const rows = [...map.matchAll(/^\| `((?:server|src)\/[^`]*)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map(
    ([, folder = "", entry = "", tests = "", cited = ""]) => ({ folder, entry, tests, cited }),
  );
  const folders = (dir: string) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${path.relative(root, path.join(entry.parentPath, entry.name))}/`);
  const existing = new Set(["server/", "src/", ...folders("server"), ...folders("src")]);
  const holdsSource = (folder: string) =>
    readdirSync(path.join(root, folder), { withFileTypes: true }).some(
      (entry) => entry.isFile() && /\.(ts|tsx|css)$/.test(entry.name),
    );
  const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");

  it("names every folder of server/ and src/ that holds source files, once, and no folder that does not exist", () => {
    const mapped = rows.map((row) => row.folder);
    expect(new Set(mapped).size, "a folder named twice").toBe(mapped.length);
    expect([...existing].filter((folder) => holdsSource(folder) && !mapped.includes(folder))).toEqual([]);
    expect(mapped.filter((folder) => !existing.has(folder))).toEqual([]);
  });

  it("gives entry points and tests that exist", () => {
    const testFiles = ["unit", "integration", "e2e"].flatMap((dir) =>
      readdirSync(path.join(root, "tests", dir)).map((file) => `${dir}/${file}`),
    );
    for (const row of rows) {
      for (const file of ticked(row.entry).filter((name) => /^(server|src)\/.*\.(tsx?|css)$/.test(name))) {
        expect(existsSync(path.join(root, file)), `${row.folder}: ${file}`).toBe(true);
      }
      for (const pattern of ticked(row.tests).filter((name) => /^(unit|integration|e2e)\//.test(name))) {
        const glob = new RegExp(`^${pattern.replaceAll(".", "\\.").replaceAll("*", "[^/]*")}$`);
        expect(
          testFiles.some((file) => glob.test(file)),
          `${row.folder}: ${pattern}`,
        ).toBe(true);
      }
    }
  });

  it("cites only records that exist and, by the index, still hold, each linked to its file", () => {
    const index = read(`${decisionsDir}/README.md`);
    for (const row of rows) {
      for (const [, number = ""] of row.cited.matchAll(/\[(\d{4})\]/g)) {
        const file = decisions.find((record) => record.startsWith(`${number}-`));
        expect(file, `${row.folder} cites ${number}`).toBeDefined();
        expect(map, `${row.folder}: no link for [${number}]`).toMatch(
          new RegExp(`^\\[${number}\\]: decisions/${file}$`, "m"),
        );
        const status = new RegExp(`^\\| ${number} \\|[^|]+\\|[^|]+\\| ([^|]+) \\|`, "m").exec(index)?.[1];
        expect(status, `${row.folder} cites ${number}`).toMatch(/^accepted/);
      }
    }
  });
});

describe("requirement citations", () => {
  const defined = new Set(
    [...read("docs/requirements.md").matchAll(/\*\*(R\d+(?:\.\d+)?)\b|^## (R\d+)\b/gm)].map(
      (match) => match[1] ?? match[2],
    ),
  );
  const code = ["server", "src", "tests", "scripts", "bench", "ops"].flatMap(projectFiles);
  const files = [...code, ...projectFiles("docs")];
  const cited = (file: string) =>
    [...read(file).matchAll(/\bR(\d{1,2}(?:\.\d{1,2})?)\b/g)].map((match) => `R${match[1]}`);

  it("name only requirements docs/requirements.md defines", () => {
    expect(defined.size).toBeGreaterThan(60);
    const unknown = projectFiles("docs").flatMap((file) => cited(file).filter((name) => !defined.has(name)));
    expect(unknown).toEqual([]);
  });

  it("appear only in the docs: the code says what it does in words", () => {
    expect(code.flatMap((file) => cited(file).map((name) => `${file}: ${name}`))).toEqual([]);
  });

  it("never cite the spec by section: the requirements are in the repository", () => {
    const citation = ["spec", "§"].join(" ");
    const outside = files.filter((file) => read(file).toLowerCase().includes(citation));
    expect(outside).toEqual([]);
  });
});

describe("decision and issue numbers", () => {
  /** Everything outside docs/ the project writes: source, tests, scripts, benches, ops files and root config. */
  const binary = /\.(woff2?|png|jpe?g|webp|avif|gif|ico|svg)$/;
  const rootConfig = /^(.+\.config\.ts|.+\.json|.+\.ya?ml|Dockerfile|\.env\.example)$/;
  const files = [
    ...["server", "src", "tests", "scripts", "bench", "ops", ".ci"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !binary.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    ),
    ...readdirSync(root).filter((file) => rootConfig.test(file) && file !== "package-lock.json"),
  ];
  /** A record or an issue named by its number, a path into the records, or a record's number alone in brackets. */
  const citations = [
    /\b(?:decisions?|records?)(?:\s|\/\/|#|\*)+\d{4}\b(?!-\d)/gi,
    /\bissues?(?:\s|\/\/|#|\*)+\d+/gi,
    /docs\/decisions\/\d{4}/g,
    /\(0\d{3}(?:(?:, | and )0\d{3})*\)/g,
  ];

  it("are not cited outside docs/: docs/decisions/README.md maps each area to its records", () => {
    expect(files).toContain("vite.config.ts");
    expect(files).toContain("ops/prometheus/alerts.yml");
    const cited: string[] = [];
    for (const file of files) {
      const text = read(file);
      for (const pattern of citations) {
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split("\n").length;
          cited.push(`${file}:${line}: ${match[0].replace(/\s+/g, " ")}`);
        }
      }
    }
    expect(cited).toEqual([]);
  });
});
