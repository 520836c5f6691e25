import { Link } from "react-router";
import type { PostCard as PostCardData } from "../../content/cards.ts";
import { formatDate } from "../../lib/dates.ts";
import { InspectedEntry, useFieldTags } from "../../preview/inspector.tsx";
import { ContentImage } from "../ContentImage.tsx";
import styles from "./PostCard.module.css";

type PostCardVariant = "list" | "teaser";

const imageSizes = {
  featured: { sizes: "(min-width: 768px) 60vw, 100vw", displayWidth: 1000 },
  list: { sizes: "(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw", displayWidth: 600 },
  teaser: { sizes: "(min-width: 64rem) 30vw, (min-width: 40rem) 50vw, 100vw", displayWidth: 600 },
};

/** The whole card is one link (its title); the teaser variant sits in the home page's three columns. */
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
