import { site } from "../../src/shared/site.ts";
import { md } from "./rich-text.ts";
import type { Store } from "./store.ts";

/**
 * Drafts for preview (docs/editors.md): written to content/drafts/, shown only with the preview cookie. One
 * article nobody has published yet, and an unpublished edit of a published project (a changed title).
 */

export const draftPost = {
  id: "post-draft-our-accessibility-statement",
  slug: "our-accessibility-statement",
  title: "Why we published an accessibility statement",
};

/** The published project with an edit in draft, and the title the draft gives it. */
export const draftProjectEdit = { id: "project-warmies", title: "Warmies: a warmer rebrand" };

export function defineDrafts(store: Store): void {
  const image = (field: string) => store.use(`post-accessibility-checklist-small-business-websites-${field}`);
  store.draft("blogPost", draftPost.id, {
    blogTitle: draftPost.title,
    slug: draftPost.slug,
    blogCategory: ["Web Design"],
    blogPostDate: "2026-11-23",
    blogTags: ["Accessibility", "Web Design"],
    blogHero: [image("hero")],
    blogFeaturedImage: image("featured"),
    blogInternalImage: [image("internal")],
    blogIntro: md(`Our site now has an accessibility statement: what we test, how often, what still falls short and
      how to tell us when something gets in your way.`),
    blogText: md(`## What the statement says
      It follows the model the UK government gives public bodies, even though a private studio does not have to:
      the standard we aim for (WCAG 2.2 at level AA), how we test, what we know is not right yet, and how to
      report a problem and hear back.

      ## Why publish one
      A statement turns good intentions into promises somebody can hold us to. It also tells a visitor with a
      screen reader or a keyboard that we have thought about them before they had to ask.`),
    seoTitle: `${draftPost.title} | ${site.name}`,
    seoDescription: "What our accessibility statement promises, and why a small studio should publish one.",
    seoKeywords: ["accessibility statement", "WCAG 2.2", "web accessibility"],
  });
  const published = store.entries.find((entry) => entry.id === draftProjectEdit.id);
  if (!published) throw new Error(`No published ${draftProjectEdit.id} to draft an edit of`);
  store.draft(published.contentType, published.id, { ...published.fields, projectTitle: draftProjectEdit.title });
}
