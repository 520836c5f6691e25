import { describe, expect, it } from "vitest";
import { fetchesAheadOn, pageIntents, prefetchQueue } from "../../src/lib/prefetch-queue.ts";

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

describe("the pages the visitor shows intent for", () => {
  /** Each page's listener, counting what it hears: a page ahead renders again each time its listener is called. */
  function listening(intents: ReturnType<typeof pageIntents>, pages: string[]) {
    const heard = new Map(pages.map((page) => [page, 0]));
    const stops = pages.map((page) => intents.subscribe(page, () => heard.set(page, (heard.get(page) ?? 0) + 1)));
    const stop = () => {
      for (const stopListening of stops) stopListening();
    };
    return { heard, stop };
  }

  it("tells only the page intended, and only the first time", () => {
    const intents = pageIntents();
    const { heard } = listening(intents, ["/about", "/projects", "/news"]);
    intents.add("/projects");
    intents.add("/projects");
    expect(Object.fromEntries(heard)).toEqual({ "/about": 0, "/projects": 1, "/news": 0 });
    expect(intents.has("/projects")).toBe(true);
    expect(intents.has("/about")).toBe(false);
  });

  it("remembers an intent for a page not fetched yet, and stops telling a page that stopped listening", () => {
    const intents = pageIntents();
    intents.add("/contact");
    const { heard, stop } = listening(intents, ["/contact", "/about"]);
    expect(intents.has("/contact")).toBe(true);
    stop();
    intents.add("/about");
    expect(Object.fromEntries(heard)).toEqual({ "/contact": 0, "/about": 0 });
  });
});
