import { Link } from "react-router";
import type { Carousel as CarouselEntry } from "../../content/cards.ts";
import { InspectedEntry, useFieldTags } from "../../preview/inspector.tsx";
import { useLiveCarousel } from "../../preview/live-updates.ts";
import { Carousel } from "../Carousel.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import styles from "./HomeCarousel.module.css";

// No autoplay, as the spec says. In preview the images follow the editor's edits: that code is here, in the section's own chunk,
// rather than in the home page's first JavaScript.
export function HomeCarousel({ carousel }: { carousel: CarouselEntry | null }) {
  return (
    <InspectedEntry id={carousel?.entryId}>
      <Showcase carousel={carousel} />
    </InspectedEntry>
  );
}

function Showcase({ carousel }: { carousel: CarouselEntry | null }) {
  const images = useLiveCarousel(carousel);
  const tags = useFieldTags();
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
                {...tags("carousel")}
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
