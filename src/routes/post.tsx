import { Link } from "react-router";
import { AfterFirstFrame } from "../components/AfterFirstFrame.tsx";
import { ContentImage } from "../components/ContentImage.tsx";
import { LoadingPlaceholder } from "../components/LoadingPlaceholder.tsx";
import { PostGrid } from "../components/news/PostCard.tsx";
import { ContentsSidebar } from "../components/post/ContentsSidebar.tsx";
import { type PostCard, toPostCard } from "../content/cards.ts";
import { ContentImages } from "../content/images.tsx";
import { orPlaceholder } from "../content/load.ts";
import { postBySlug, relatedPosts } from "../content/pages.ts";
import { RichText } from "../content/rich-text.tsx";
import { contentMeta } from "../lib/content-meta.ts";
import { formatDate } from "../lib/dates.ts";
import { readTimeLabel, readTimeMinutes } from "../lib/read-time.ts";
import { blogPostingJsonLd } from "../lib/structured-data.ts";
import { InspectedEntry, useEntryTags } from "../preview/inspector.tsx";
import { useLiveCards, useLiveFields } from "../preview/live-updates.ts";
import { contentsOf, headingIds } from "../shared/content/outline.ts";
import { newsFeedLinks } from "../shared/news-feed.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/post";
import styles from "./post.module.css";

export async function loader({ context, params }: Route.LoaderArgs) {
  // Awaited rather than streamed, so the links are in the HTML for readers without JavaScript and crawlers.
  const [entry, related] = await Promise.all([
    postBySlug(context, params.slug),
    orPlaceholder(context, "related posts", relatedPosts(context, params.slug)),
  ]);
  const post = entry.fields;
  return { post, postId: entry.sys.id, readMinutes: readTimeMinutes([post.blogIntro, post.blogText]), related };
}

export const links: Route.LinksFunction = newsFeedLinks;

export function meta(args: Route.MetaArgs) {
  const post = args.loaderData?.post;
  if (!post) return contentMeta(args, { title: `News | ${site.name}` });
  return contentMeta(args, {
    title: post.seoTitle ?? (post.blogTitle ? `${post.blogTitle} | ${site.name}` : `News | ${site.name}`),
    description: post.seoDescription,
    keywords: post.seoKeywords,
    image: post.blogFeaturedImage ?? post.blogHero?.[0],
    type: "article",
    jsonLd: (pageUrl, imageUrl) => blogPostingJsonLd(post, pageUrl, imageUrl),
  });
}

const noCards: PostCard[] = [];

export default function Post({ loaderData: { postId, related, ...loaded } }: Route.ComponentProps) {
  const post = useLiveFields("blogPost", postId, loaded.post);
  const relatedCards = useLiveCards("blogPost", related ?? noCards, toPostCard);
  const tags = useEntryTags(postId);
  const documents = [post.blogIntro, post.blogText];
  // Worked out by the loader; in preview, again from each edit of the body (the loader's own estimate).
  const readMinutes = post === loaded.post ? loaded.readMinutes : readTimeMinutes(documents);
  const ids = headingIds(documents);
  const contents = contentsOf(documents, ids);
  const category = post.blogCategory?.[0];
  const hero = post.blogHero?.[0] ?? post.blogFeaturedImage;
  const heroField = post.blogHero?.[0] ? "blogHero" : "blogFeaturedImage";

  return (
    <InspectedEntry id={postId}>
      <article className={styles.post}>
        <header className={`container ${styles.header}`}>
          {category && (
            <p className={styles.category} {...tags("blogCategory")}>
              <Link to={`/news?${new URLSearchParams({ category })}`}>{category}</Link>
            </p>
          )}
          <h1 {...tags("blogTitle")}>{post.blogTitle}</h1>
          <p className={styles.meta}>
            <time dateTime={post.blogPostDate} {...tags("blogPostDate")}>
              {formatDate(post.blogPostDate)}
            </time>
            <span aria-hidden="true">·</span>
            <span>{readTimeLabel(readMinutes)}</span>
          </p>
        </header>
        {hero && (
          <div className={`container ${styles.hero}`}>
            <ContentImage
              asset={hero}
              {...tags(heroField)}
              priority
              sizes="(min-width: 1440px) 1344px, 100vw"
              displayWidth={1400}
            />
          </div>
        )}
        <AfterFirstFrame>
          <div className={`container ${styles.layout}`}>
            {contents.length > 0 && (
              <aside className={styles.aside}>
                <ContentsSidebar entries={contents} />
              </aside>
            )}
            <div className={styles.article}>
              <RichText document={post.blogIntro} field="blogIntro" headingIds={ids} className={styles.intro} />
              <ContentImages
                images={post.blogInternalImage}
                field="blogInternalImage"
                className={styles.internalImage}
                sizes="(min-width: 1024px) 70ch, 100vw"
                displayWidth={1100}
              />
              <RichText document={post.blogText} field="blogText" headingIds={ids} />
            </div>
          </div>
        </AfterFirstFrame>
      </article>
      <AfterFirstFrame>
        <section className={`container ${styles.related}`} aria-labelledby="related-heading">
          <h2 id="related-heading" className={styles.relatedTitle}>
            Other articles you may like...
          </h2>
          {related ? (
            <PostGrid posts={relatedCards} headingLevel={3} />
          ) : (
            <LoadingPlaceholder label="Loading more articles…" />
          )}
        </section>
      </AfterFirstFrame>
    </InspectedEntry>
  );
}
