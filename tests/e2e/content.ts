import type { APIRequestContext } from "@playwright/test";

/** Reads the sample content through the site's own content proxy, so tests follow the store. */
export async function entries<F = Record<string, unknown>>(
  request: APIRequestContext,
  query: Record<string, string | number>,
): Promise<Array<{ sys: { id: string }; fields: F }>> {
  const response = await request.post("/contentful/posts", { data: query });
  if (!response.ok()) throw new Error(`content proxy answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { items: Array<{ sys: { id: string }; fields: F }> }).items;
}

export interface ProjectSummary {
  slug: string;
  projectTitle: string;
  smallProject?: string;
  category?: string[];
  BackgroundColour?: string;
}

export async function projects(request: APIRequestContext) {
  return entries<ProjectSummary>(request, {
    content_type: "singleProject",
    select: "sys.id,fields.slug,fields.projectTitle,fields.smallProject,fields.category,fields.BackgroundColour",
    order: "fields.projectTitle",
  }).then((items) => items.map((item) => item.fields));
}

export async function newestPosts(request: APIRequestContext) {
  return entries<{ slug: string; blogTitle: string; blogCategory: string[] }>(request, {
    content_type: "blogPost",
    order: "-fields.blogPostDate",
    select: "sys.id,fields.slug,fields.blogTitle,fields.blogCategory",
  }).then((items) => items.map((item) => item.fields));
}

/** PREVIEW_SECRET of the end-to-end server (playwright.config.ts), so the editor's round trip can open a preview. */
export const e2ePreviewSecret = "e2e-preview-secret-0123456789abcdef";

/**
 * The origin of the end-to-end tests' stand-in for Contentful's web app (tests/e2e/live-preview.spec.ts): the only
 * LIVE_PREVIEW_ORIGINS of the end-to-end server. A port of its own beside the site's (and the dev server's).
 */
export const e2eEditorOrigin = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2000}`;
