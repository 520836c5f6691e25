import { Link } from "react-router";
import type { PostCard as PostCardData } from "../../content/cards.ts";
import { formatDate } from "../../lib/dates.ts";
import { InspectedEntry, useFieldTags } from "../../preview/inspector.tsx";
import { ContentImage } from "../ContentImage.tsx";
import styles from "./PostCard.module.css";

/** Where a card is shown: a list of articles (news, related posts), or the home page's "A collection of stuff". */
export type PostCardVariant = "list" | "teaser";

/** The picture's rendered width in each place, for the browser to pick its size from the srcset. */
const imageSizes = {
  featured: { sizes: "(min-width: 768px) 60vw, 100vw", displayWidth: 1000 },
  list: { sizes: "(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw", displayWidth: 600 },
  teaser: { sizes: "(min-width: 64rem) 30vw, (min-width: 40rem) 50vw, 100vw", displayWidth: 600 },
};

/**
 * An article's card: image, category (when the read has it) and date, title, tags. The whole card is one link (its
 * title). The teaser variant sits in the home page's three columns, with a little more air and bolder tags. In
 * preview each piece carries its field's inspector tags, with the post's id.
 */
export function PostCard(props: PostCardProps) {
  return (
    <InspectedEntry id={props.post.id}>
      <PostCardBody {...props} />
    </InspectedEntry>
  );
}

interface PostCardProps {
  post: PostCardData;
  headingLevel?: 2 | 3;
  featured?: boolean;
  priority?: boolean;
  variant?: PostCardVariant;
}

function PostCardBody({ post, headingLevel = 2, featured = false, priority = false, variant = "list" }: PostCardProps) {
  const Heading = `h${headingLevel}` as const;
  const image = imageSizes[featured ? "featured" : variant];
  const tags = useFieldTags();
  return (
    <article
      className={styles.card}
      data-featured={featured || undefined}
      data-variant={variant === "teaser" ? variant : undefined}
    >
      <div className={styles.media}>
        <ContentImage
          asset={post.image}
          {...tags(post.source?.blogHero?.[0] ? "blogHero" : "blogFeaturedImage")}
          alt=""
          sizes={image.sizes}
          displayWidth={image.displayWidth}
          priority={priority}
        />
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>
          {post.category && (
            <span className={styles.category} {...tags("blogCategory")}>
              {post.category}
            </span>
          )}
          <time dateTime={post.date} {...tags("blogPostDate")}>
            {formatDate(post.date)}
          </time>
        </p>
        <Heading className={styles.title} {...tags("blogTitle")}>
          <Link to={`/post/${post.slug}`} className={styles.link}>
            {post.title}
          </Link>
        </Heading>
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags" {...tags("blogTags")}>
            {post.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** A grid of teasers; the first can lead, wider than the rest. */
export function PostGrid({
  posts,
  headingLevel = 2,
  leadFirst = false,
}: {
  posts: readonly PostCardData[];
  headingLevel?: 2 | 3;
  leadFirst?: boolean;
}) {
  return (
    <ul className={styles.grid} data-lead={leadFirst || undefined}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard
            post={post}
            headingLevel={headingLevel}
            featured={leadFirst && index === 0}
            priority={leadFirst && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
