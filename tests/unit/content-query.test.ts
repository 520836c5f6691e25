import { describe, expect, it } from "vitest";
import { compileQuery, runQuery, toDeliveryParams } from "../../server/content/query.ts";
import type { Entry } from "../../src/shared/content/types.ts";

const project = (id: string, fields: Record<string, unknown>): Entry => ({ sys: { id }, fields });

const projects = [
  project("p1", { projectTitle: "warmies", date: "2025-01-01", category: ["Branding"] }),
  project("p2", { projectTitle: "Émile & Co", date: "2024-05-01", category: ["Web Design", "Branding"] }),
  project("p3", { projectTitle: "Adidas", category: ["Photography"] }),
  project("p4", { projectTitle: "bowmer", date: "2025-01-01T00:00:00+01:00", category: [] }),
];

const run = (query: Record<string, unknown>) =>
  runQuery(projects, compileQuery({ content_type: "singleProject", ...query })).map((entry) => entry.sys.id);

describe("the query engine", () => {
  it("orders text with localeCompare: case and accents do not push a title to the end", () => {
    expect(run({ order: "fields.projectTitle" })).toEqual(["p3", "p4", "p2", "p1"]);
    expect(run({ order: "-fields.projectTitle" })).toEqual(["p1", "p2", "p4", "p3"]);
  });

  it("orders dates as dates, and entries without the field last in either direction", () => {
    // 2025-01-01T00:00+01:00 is an hour before 2025-01-01 (UTC).
    expect(run({ order: "fields.date" })).toEqual(["p2", "p4", "p1", "p3"]);
    expect(run({ order: "-fields.date" })).toEqual(["p1", "p4", "p2", "p3"]);
  });

  it("breaks ties with the next order field, then with sys.id", () => {
    const entries = [
      project("b", { projectTitle: "Same", date: "2025-01-01" }),
      project("a", { projectTitle: "Same", date: "2025-01-01" }),
      project("c", { projectTitle: "Same", date: "2024-01-01" }),
    ];
    const ids = (order: string) =>
      runQuery(entries, compileQuery({ content_type: "singleProject", order })).map((entry) => entry.sys.id);
    expect(ids("fields.projectTitle,-fields.date")).toEqual(["a", "b", "c"]);
    expect(ids("fields.projectTitle,fields.date")).toEqual(["c", "a", "b"]);
    expect(ids("fields.projectTitle,-sys.id")).toEqual(["c", "b", "a"]);
  });

  it("matches a list field when one element equals the value, and a text field by equality", () => {
    expect(run({ "fields.category": "Branding", order: "fields.projectTitle" })).toEqual(["p2", "p1"]);
    expect(run({ "fields.category": "Brand" })).toEqual([]);
  });

  it("projects fields with select, keeping sys.id and the content type", () => {
    const [first] = runQuery(
      projects,
      compileQuery({ content_type: "singleProject", select: "sys.id,fields.category", limit: 1 }),
    );
    expect(first).toEqual({
      sys: { id: "p1", contentType: { sys: { id: "singleProject" } } },
      fields: { category: ["Branding"] },
    });
  });

  it("applies skip then limit, with limit 100 by default", () => {
    expect(run({ order: "fields.projectTitle", skip: 1, limit: 2 })).toEqual(["p4", "p2"]);
    expect(compileQuery({ content_type: "blogPost" })).toMatchObject({ limit: 100, skip: 0 });
  });

  it("gives one key to queries that must give the same answer, and different keys otherwise", () => {
    const key = (query: Record<string, unknown>) => compileQuery({ content_type: "blogPost", ...query }).key;
    expect(key({ select: "fields.slug,sys.id,fields.blogTitle" })).toBe(
      key({ select: "fields.blogTitle, fields.slug" }),
    );
    expect(key({ limit: 100 })).toBe(key({}));
    expect(key({ order: "fields.blogTitle,sys.id" })).toBe(key({ order: "fields.blogTitle" }));
    expect(key({ order: "fields.blogTitle" })).not.toBe(key({ order: "-fields.blogTitle" }));
    expect(key({ "fields.slug": "a" })).not.toBe(key({ "fields.blogCategory": "a" }));
  });

  it("writes the Delivery API parameters the SDK sends", () => {
    expect(
      toDeliveryParams(
        compileQuery({
          content_type: "singleProject",
          order: "fields.projectTitle",
          select: "sys.id,fields.category",
          "fields.category": "Branding",
        }),
      ),
    ).toEqual({
      content_type: "singleProject",
      limit: 100,
      skip: 0,
      order: "fields.projectTitle,sys.id",
      select: "sys.id,fields.category",
      "fields.category": "Branding",
    });
  });
});
