import { describe, expect, it } from "vitest";
import { fetchesAheadOn, prefetchQueue } from "../../src/lib/prefetch-queue.ts";

const drain = (queue: ReturnType<typeof prefetchQueue>) => {
  const pages: string[] = [];
  for (let page = queue.next(); page !== undefined; page = queue.next()) pages.push(page);
  return pages;
};

describe("the order in which next pages are fetched ahead", () => {
  it("takes the footer's links once on screen, then the menu's pages, then the links seen in the page", () => {
    const queue = prefetchQueue();
    for (const page of ["/projects", "/services", "/news", "/about"]) queue.add(page, "menu");
    queue.add("/project/adidas", "seen");
    queue.add("/terms", "in-view");
    queue.add("/project/nike", "seen");
    expect(drain(queue)).toEqual([
      "/terms",
      "/projects",
      "/services",
      "/news",
      "/about",
      "/project/adidas",
      "/project/nike",
    ]);
  });

  it("moves a page waiting up when its link comes into view in the footer, never down", () => {
    const queue = prefetchQueue();
    for (const page of ["/projects", "/services", "/news", "/about"]) queue.add(page, "menu");
    queue.add("/about", "in-view");
    queue.add("/projects", "seen");
    expect(queue.size).toBe(4);
    expect(drain(queue)).toEqual(["/about", "/projects", "/services", "/news"]);
  });

  it("keeps each page once", () => {
    const queue = prefetchQueue();
    queue.add("/about", "menu");
    queue.add("/about", "menu");
    expect(drain(queue)).toEqual(["/about"]);
  });
});

describe("the visitor's connection", () => {
  it("fetches nothing ahead when the visitor asks to save data, whatever the network", () => {
    expect(fetchesAheadOn({ saveData: true })).toBe(false);
    expect(fetchesAheadOn({ saveData: true, effectiveType: "4g" })).toBe(false);
  });

  it("fetches nothing ahead on a 2g connection", () => {
    expect(fetchesAheadOn({ saveData: false, effectiveType: "2g" })).toBe(false);
    expect(fetchesAheadOn({ saveData: false, effectiveType: "slow-2g" })).toBe(false);
  });

  it("fetches ahead on 3g and 4g, and where the browser says nothing of the connection", () => {
    expect(fetchesAheadOn({ saveData: false, effectiveType: "3g" })).toBe(true);
    expect(fetchesAheadOn({ saveData: false, effectiveType: "4g" })).toBe(true);
    expect(fetchesAheadOn({})).toBe(true);
    expect(fetchesAheadOn(undefined)).toBe(true);
  });
});
