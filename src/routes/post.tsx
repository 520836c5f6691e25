import { loadEntry } from "../content/load.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/post";

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await loadEntry(context, { content_type: "blogPost", "fields.slug": params.slug });
  return { post };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const fields = loaderData?.post.fields;
  return [
    { title: `${fields?.seoTitle ?? fields?.blogTitle ?? "Article"} | ${site.name}` },
    ...(fields?.seoDescription ? [{ name: "description", content: fields.seoDescription }] : []),
  ];
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <h1>{loaderData.post.fields.blogTitle}</h1>;
}
