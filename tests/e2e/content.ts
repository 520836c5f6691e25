import type { APIRequestContext } from "@playwright/test";

/** Reads the sample content through the site's own content proxy (R7.1), so tests follow the store. */
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
