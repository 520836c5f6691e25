// Shared with the server: every content source, the query engine, the webhook's purge plan and the sitemap read these types.

export const contentTypes = ["homePage", "blogPost", "singleProject", "singleServices"] as const;
export type ContentType = (typeof contentTypes)[number];

export interface ContentQuery {
  content_type: ContentType;
  limit?: number;
  skip?: number;
  order?: string;
  select?: string;
  "fields.slug"?: string;
  "fields.blogCategory"?: string;
  "fields.category"?: string;
}

export interface AssetFile {
  url: string;
  fileName: string;
  contentType: string;
  details?: { size?: number; image?: { width: number; height: number } };
}

export interface Asset {
  sys: { id: string };
  fields: { title?: string; description?: string; file: AssetFile };
}

export interface Entry<Fields = Record<string, unknown>> {
  sys: { id: string; contentType?: { sys: { id: string } } };
  fields: Fields;
}

export interface ContentResult<Fields = Record<string, unknown>> {
  items: Entry<Fields>[];
}

export interface ContentReader {
  getEntries<Fields = Record<string, unknown>>(query: ContentQuery): Promise<ContentResult<Fields>>;
}
