// Query latency through the ContentService, cold (every call reaches the source) and cached, for each content
// usage of the spec, over the local store and over the contentful SDK talking to a local CDA stand-in.
// Not part of npm test. Usage: node bench/content.ts [posts] (default 500 generated posts, 100 projects)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createContentfulSource } from "../server/content/contentful-source.ts";
import { createLocalSource } from "../server/content/local-source.ts";
import { type ContentService, createContentService } from "../server/content/service.ts";
import type { ContentSource } from "../server/content/source.ts";
import { createLogger } from "../server/http/logging.ts";
import { queries } from "../src/content/pages.ts";
import type { ContentQuery } from "../src/shared/content/types.ts";
import { startCdaServer } from "../tests/support/cda-server.ts";

const postCount = Number(process.argv[2] ?? 500);
const projectCount = 100;
const categories = ["Branding", "Web Design", "Marketing", "Photography", "Studio", "Packaging"];
const link = (id: string) => ({ sys: { type: "Link", linkType: "Asset", id } });
const richText = (words: number) => ({
  nodeType: "document",
  data: {},
  content: Array.from({ length: 8 }, (_, i) => ({
    nodeType: i % 4 === 0 ? "heading-2" : "paragraph",
    data: {},
    content: [{ nodeType: "text", value: "word ".repeat(words / 8), marks: [], data: {} }],
  })),
});

function writeStore(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-content-"));
  const write = (file: string, value: unknown) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), JSON.stringify(value));
  };
  const assets = Array.from({ length: 40 }, (_, i) => ({
    sys: { id: `image-${i}` },
    fields: {
      title: `Image ${i}`,
      file: {
        url: `/content/images/image-${i}.webp`,
        fileName: `image-${i}.webp`,
        contentType: "image/webp",
        details: { size: 80_000, image: { width: 1600, height: 900 } },
      },
    },
  }));
  write("assets.json", assets);
  for (let i = 0; i < postCount; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    write(`entries/blogPost/post-${i}.json`, {
      sys: { id: `post-${i}` },
      fields: {
        blogTitle: `Post number ${i}`,
        slug: `post-${i}`,
        blogCategory: [categories[i % categories.length], categories[(i * 7) % categories.length]],
        blogPostDate: day,
        blogTags: ["design", "studio"],
        blogHero: [link(`image-${i % 40}`)],
        blogIntro: richText(40),
        blogText: richText(800),
      },
    });
  }
  for (let i = 0; i < projectCount; i++) {
    write(`entries/singleProject/project-${i}.json`, {
      sys: { id: `project-${i}` },
      fields: {
        projectTitle: `Client ${String(projectCount - i).padStart(3, "0")}`,
        slug: `project-${i}`,
        category: [categories[i % categories.length]],
        featuredImage: link(`image-${i % 40}`),
        gallery: [link("image-1"), link("image-2"), link("image-3")],
        introContent: richText(200),
      },
    });
  }
  write("entries/singleServices/service-web-design.json", {
    sys: { id: "service-web-design" },
    fields: { slug: "web-design", title: "Web Design", carousel: [link("image-4")] },
  });
  write("entries/homePage/home.json", {
    sys: { id: "home" },
    fields: { carousel: [link("image-5"), link("image-6"), link("image-7")] },
  });
  return dir;
}

/** The pages' own queries, one per usage. */
const usages: [string, ContentQuery][] = [
  ["home teaser", queries.homeTeaser],
  ["carousel", queries.carousel],
  ["project tiles", queries.projectTiles],
  ["news list", queries.news()],
  ["news categories", queries.newsCategories],
  ["news filtered", queries.news("Studio")],
  ["related", queries.related()],
  ["article", queries.article(`post-${Math.floor(postCount / 2)}`)],
  ["projects", queries.projects()],
  ["project", queries.project("project-42")],
  ["service", queries.service("web-design")],
  ["service projects", queries.serviceProjects],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(content: ContentService, query: ContentQuery, runs: number, cold: boolean) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (cold) content.purge();
    const started = performance.now();
    await content.getEntries(query);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const format = (ms: number) => (ms < 1 ? `${Math.round(ms * 1000)} µs` : `${ms.toFixed(1)} ms`).padStart(10);

async function bench(name: string, source: ContentSource, coldRuns: number) {
  const content = createContentService({ source, ttlSeconds: 3600, logger: createLogger("silent") });
  console.log(`\n${name}: cold = every call reaches the source (${coldRuns} runs), cached = 2000 runs`);
  console.log(
    "usage".padEnd(18),
    "cold p50".padStart(10),
    "cold p95".padStart(10),
    "cached p50".padStart(10),
    "cached p95".padStart(10),
  );
  for (const [usage, query] of usages) {
    const cold = await time(content, query, coldRuns, true);
    await content.getEntries(query);
    const cached = await time(content, query, 2000, false);
    console.log(usage.padEnd(18), format(cold.p50), format(cold.p95), format(cached.p50), format(cached.p95));
  }
}

const dir = writeStore();
const cda = await startCdaServer(dir);
try {
  console.log(`${postCount} posts, ${projectCount} projects; times per query through the ContentService`);
  await bench("local store", await createLocalSource(dir), 200);
  await bench(
    "contentful SDK → CDA stand-in on 127.0.0.1 (HTTP, JSON, link resolution; no network latency)",
    createContentfulSource({
      space: cda.space,
      accessToken: cda.token,
      environment: cda.environment,
      host: cda.origin,
    }),
    30,
  );
} finally {
  await cda.close();
  rmSync(dir, { recursive: true, force: true });
}
