import { Link } from "react-router";
import type { PostCard as PostCardData } from "../../content/cards.ts";
import { formatDate } from "../../lib/dates.ts";
import { ContentImage } from "../ContentImage.tsx";
import styles from "./PostCard.module.css";

/** An article teaser: image, category and date, title, tags. The whole card is one link (its title). */
export function PostCard({
  post,
  headingLevel = 2,
  featured = false,
  priority = false,
}: {
  post: PostCardData;
  headingLevel?: 2 | 3;
  featured?: boolean;
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card} data-featured={featured || undefined}>
      <div className={styles.media}>
        <ContentImage
          asset={post.image}
          alt=""
          sizes={
            featured ? "(min-width: 768px) 60vw, 100vw" : "(min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
          }
          displayWidth={featured ? 1000 : 600}
          priority={priority}
        />
      </div>
      <div className={styles.body}>
        <p className={styles.meta}>
          {post.category && <span className={styles.category}>{post.category}</span>}
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <Heading className={styles.title}>
          <Link to={`/post/${post.slug}`} className={styles.link}>
            {post.title}
          </Link>
        </Heading>
        {post.tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
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
  posts: PostCardData[];
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
