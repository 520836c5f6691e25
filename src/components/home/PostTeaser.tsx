import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { PostCard } from "../../content/cards.ts";
import { formatDate } from "../../lib/dates.ts";
import { ContentImage } from "../ContentImage.tsx";
import styles from "./PostTeaser.module.css";

/**
 * Section 8: the three newest posts, streamed in after the rest of the page. The spinner shows until they
 * arrive and, if they never do, stays (R4 and R8: a failure is only logged).
 */
export function PostTeaser({ posts }: { posts: Promise<PostCard[] | null> }) {
  return (
    <section className={styles.teaser} aria-labelledby="teaser-title">
      <div className="container">
        <div className={styles.head}>
          <h2 id="teaser-title" className={styles.title}>
            A collection of stuff
          </h2>
          <Link className={styles.all} to="/news">
            All the news →
          </Link>
        </div>
        <Suspense fallback={<Spinner />}>
          <Await resolve={posts} errorElement={<Spinner />}>
            {(cards) => (cards ? <PostCards cards={cards} /> : <Spinner />)}
          </Await>
        </Suspense>
      </div>
    </section>
  );
}

function PostCards({ cards }: { cards: PostCard[] }) {
  return (
    <ul className={styles.cards}>
      {cards.map((post) => (
        <li key={post.id} className={styles.card}>
          <article className={styles.article}>
            <div className={styles.media}>
              <ContentImage
                className={styles.image}
                asset={post.image}
                alt=""
                displayWidth={600}
                sizes="(min-width: 64rem) 30vw, (min-width: 40rem) 50vw, 100vw"
              />
            </div>
            <time className={styles.date} dateTime={post.date}>
              {formatDate(post.date)}
            </time>
            <h3 className={styles.postTitle}>
              <Link className={styles.link} to={`/post/${post.slug}`}>
                {post.title}
              </Link>
            </h3>
            {post.tags.length > 0 && (
              <ul className={styles.tags} aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

function Spinner() {
  return (
    <div className={styles.loading}>
      <div role="status" aria-busy="true" data-script-only>
        <span className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">Loading the latest posts…</span>
      </div>
      {/* Posts streamed in need JavaScript to take the spinner's place; without it, the way to them. */}
      <noscript>
        <p className="noscript-alternative">
          <a href="/news">Read the latest posts on our news page →</a>
        </p>
      </noscript>
    </div>
  );
}
