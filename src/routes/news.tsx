import { CategoryFilter } from "../components/news/CategoryFilter.tsx";
import { PostGrid } from "../components/news/PostCard.tsx";
import { useReloading } from "../components/useReloading.ts";
import { toPostCard } from "../content/cards.ts";
import { listings, readListing } from "../content/pages.ts";
import { contentMeta } from "../lib/content-meta.ts";
import { useLiveCards } from "../preview/live-updates.ts";
import { newsFeedLinks } from "../shared/news-feed.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/news";
import styles from "./news.module.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { cards: posts, ...filter } = await readListing(context, new URL(request.url), listings.news);
  return { ...filter, posts };
}

export const links: Route.LinksFunction = newsFeedLinks;

export function meta(args: Route.MetaArgs) {
  return contentMeta(args, {
    title: `News | ${site.name}`,
    description: `Launches, lessons and strong opinions on design, branding and the web from ${site.name}, a design agency in Derby.`,
    keywords: ["design agency blog", "branding advice", "web design advice", "Derby design agency"],
    image: args.loaderData?.posts[0]?.image,
  });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { categories, category } = loaderData;
  const posts = useLiveCards("blogPost", loaderData.posts, toPostCard);
  const reloading = useReloading();
  return (
    <div className="container">
      <header className={styles.header}>
        <p className={styles.eyebrow}>From the studio</p>
        <h1 className={styles.title}>News</h1>
        <p className={styles.lede}>
          Launches, lessons and strong opinions on design, branding and the web. Written in Derby, no filler.
        </p>
      </header>
      <CategoryFilter categories={categories} selected={category} />
      <section className={styles.list} aria-labelledby="articles-heading" aria-busy={reloading}>
        <h2 id="articles-heading" className="visually-hidden">
          {category ? `Articles in ${category}` : "All articles"}
        </h2>
        <p className={styles.count} role="status">
          {countLine(posts.length, category)}
        </p>
        {posts.length > 0 && <PostGrid posts={posts} leadFirst={!category} headingLevel={3} />}
      </section>
    </div>
  );
}

function countLine(count: number, category?: string) {
  if (count === 0) return category ? `No articles in ${category} yet.` : "No articles yet.";
  const articles = count === 1 ? "1 article" : `${count} articles`;
  return category ? `${articles} in ${category}` : articles;
}
