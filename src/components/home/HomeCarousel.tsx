import { Link } from "react-router";
import type { Asset } from "../../content/types.ts";
import { Carousel } from "../Carousel.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import styles from "./HomeCarousel.module.css";

/** Section 5: the homePage carousel (no autoplay, R9.10) and the way into the work. */
export function HomeCarousel({ images }: { images: Asset[] | null }) {
  return (
    <section className={styles.showcase} aria-labelledby="showcase-title">
      <div className={`container ${styles.head}`}>
        <h2 id="showcase-title" className={styles.title}>
          Fresh from the studio
        </h2>
        <Link className="button" to="/projects">
          View our work
        </Link>
      </div>
      <div className={`container ${styles.body}`}>
        {images === null || images.length === 0 ? (
          <LoadingPlaceholder look="box" className={styles.placeholder} label="Loading the gallery…" />
        ) : (
          <Carousel
            label="Fresh from the studio"
            slideClassName={styles.slide}
            slides={images.map((image) => (
              <ContentImage
                key={image.sys.id}
                className={styles.image}
                asset={image}
                field="carousel"
                displayWidth={1100}
                sizes="(min-width: 90rem) 60rem, 85vw"
              />
            ))}
          />
        )}
      </div>
    </section>
  );
}
