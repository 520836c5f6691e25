import { describe, expect, it } from "vitest";
import { cardsOf, toCarousel, toPostCard, toProjectCard } from "../../src/content/cards.ts";
import type { BlogPostFields, ProjectFields } from "../../src/shared/content/model.ts";
import type { Asset, Entry } from "../../src/shared/content/types.ts";

const asset = (id: string): Asset => ({
  sys: { id },
  fields: { title: id, file: { url: `/content/images/${id}.webp`, fileName: `${id}.webp`, contentType: "image/webp" } },
});

const postEntry = (fields: Partial<BlogPostFields>, id = "post-1"): Entry<Partial<BlogPostFields>> => ({
  sys: { id },
  fields,
});
const projectEntry = (fields: Partial<ProjectFields>, id = "project-1"): Entry<Partial<ProjectFields>> => ({
  sys: { id },
  fields,
});

describe("a post card", () => {
  const whole: Partial<BlogPostFields> = {
    blogTitle: "Rebrand or refresh?",
    slug: "rebrand-or-refresh",
    blogCategory: ["Branding", "Studio"],
    blogPostDate: "2026-10-14",
    blogTags: ["logos", "strategy"],
    blogHero: [asset("hero"), asset("second-hero")],
    blogFeaturedImage: asset("featured"),
  };

  it("shows the title, link, first category, date, tags and the first hero image", () => {
    expect(toPostCard(postEntry(whole))).toEqual({
      id: "post-1",
      slug: "rebrand-or-refresh",
      title: "Rebrand or refresh?",
      category: "Branding",
      date: "2026-10-14",
      tags: ["logos", "strategy"],
      image: asset("hero"),
    });
  });

  it("falls back to the featured image when the post has no hero", () => {
    expect(toPostCard(postEntry({ ...whole, blogHero: [] }))?.image).toEqual(asset("featured"));
    expect(toPostCard(postEntry({ ...whole, blogHero: undefined }))?.image).toEqual(asset("featured"));
  });

  it("has no category, tags, date or image when the read did not select them (the home teaser)", () => {
    const card = toPostCard(postEntry({ blogTitle: "A title", slug: "a-title" }));
    expect(card).toEqual({ id: "post-1", slug: "a-title", title: "A title", date: "", tags: [] });
  });

  it("is none without a slug or a title: there would be nothing to link or to name the link", () => {
    expect(toPostCard(postEntry({ ...whole, slug: undefined }))).toBeUndefined();
    expect(toPostCard(postEntry({ ...whole, slug: "" }))).toBeUndefined();
    expect(toPostCard(postEntry({ ...whole, blogTitle: undefined }))).toBeUndefined();
  });
});

describe("a project card", () => {
  const whole: Partial<ProjectFields> = {
    projectTitle: "Adidas",
    slug: "adidas",
    clientName: "adidas UK",
    heroContent: "Three stripes, one campaign.",
    category: ["Branding"],
    services: ["Branding", "Web Design"],
    featuredImage: asset("adidas"),
    BackgroundColour: "#101820",
  };

  it("shows the title, client, summary, categories, cover and colour, and keeps the services for picking", () => {
    expect(toProjectCard(projectEntry(whole))).toEqual({
      id: "project-1",
      slug: "adidas",
      title: "Adidas",
      clientName: "adidas UK",
      summary: "Three stripes, one campaign.",
      categories: ["Branding"],
      services: ["Branding", "Web Design"],
      image: asset("adidas"),
      colour: "#101820",
    });
  });

  it("names the project by its client when it has no title, and the client by the title when it has none", () => {
    const noTitle = toProjectCard(projectEntry({ ...whole, projectTitle: undefined }));
    expect([noTitle?.title, noTitle?.clientName]).toEqual(["adidas UK", "adidas UK"]);
    const noClient = toProjectCard(projectEntry({ ...whole, clientName: undefined }));
    expect([noClient?.title, noClient?.clientName]).toEqual(["Adidas", "Adidas"]);
    const neither = toProjectCard(projectEntry({ slug: "adidas" }));
    expect([neither?.title, neither?.clientName]).toEqual(["adidas", "adidas"]);
  });

  it("has an empty summary, categories and services when the read did not select them (the home tiles)", () => {
    const card = toProjectCard(projectEntry({ slug: "adidas", projectTitle: "Adidas" }));
    expect(card).toMatchObject({ summary: "", categories: [], services: [] });
    expect(card?.image).toBeUndefined();
    expect(card?.colour).toBeUndefined();
  });

  it("is none without a slug: it could not be linked to", () => {
    expect(toProjectCard(projectEntry({ ...whole, slug: undefined }))).toBeUndefined();
  });
});

describe("a list of cards", () => {
  it("keeps the entries' order and leaves out those that cannot be cards", () => {
    const entries = [
      postEntry({ slug: "b", blogTitle: "B" }, "1"),
      postEntry({ blogTitle: "no slug" }, "2"),
      postEntry({ slug: "a", blogTitle: "A" }, "3"),
    ];
    expect(cardsOf(entries, toPostCard).map((card) => card.id)).toEqual(["1", "3"]);
  });

  it("keeps each card's fields beside it only when asked (preview's live updates)", () => {
    const entries = [postEntry({ slug: "a", blogTitle: "A" }, "1")];
    expect(cardsOf(entries, toPostCard)[0]).not.toHaveProperty("source");
    expect(cardsOf(entries, toPostCard, true)[0]).toEqual({
      ...toPostCard(entries[0] as never),
      source: entries[0]?.fields,
    });
  });
});

describe("the carousel", () => {
  it("is the first homePage entry's images, in order", () => {
    const entries = [
      { sys: { id: "home" }, fields: { carousel: [asset("one"), asset("two")] } },
      { sys: { id: "other" }, fields: { carousel: [asset("three")] } },
    ];
    expect(toCarousel(entries)).toEqual({ entryId: "home", slides: [asset("one"), asset("two")] });
  });

  it("is empty when there is no homePage entry or it has no images (the placeholder shows)", () => {
    expect(toCarousel([])).toEqual({ entryId: undefined, slides: [] });
    expect(toCarousel([{ sys: { id: "home" }, fields: {} }])).toEqual({ entryId: "home", slides: [] });
  });
});
