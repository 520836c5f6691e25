import { Suspense } from "react";
import { Await, Link } from "react-router";
import { type PostCard as PostCardData, toPostCard } from "../../content/cards.ts";
import { useLiveCards } from "../../preview/live-updates.ts";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import { PostCard } from "../news/PostCard.tsx";
import styles from "./PostTeaser.module.css";

/** Streamed in after the page; the spinner stays if they never arrive (a failure is only logged). */
export function PostTeaser({ posts }: { posts: Promise<PostCardData[] | null> }) {
  return (
    <section className={styles.teaser} aria-labelledby="teaser-title">
      <div className="container">
        <div className="section-head">
          <h2 id="teaser-title" className="section-title">
            A collection of stuff
          </h2>
          <Link className="section-link" to="/news">
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

function PostCards({ cards }: { cards: PostCardData[] }) {
  return (
    <ul className={styles.cards}>
      {useLiveCards("blogPost", cards, toPostCard).map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={3} variant="teaser" />
        </li>
      ))}
    </ul>
  );
}

function Spinner() {
  return (
    <div className={styles.loading}>
      <LoadingPlaceholder
        look="spinner"
        label="Loading the latest posts…"
        withoutScript={
          <p className="noscript-alternative">
            <a href="/news">Read the latest posts on our news page →</a>
          </p>
        }
      />
    </div>
  );
}
