import { Suspense } from "react";
import { Await } from "react-router";
import type { Carousel as CarouselImages } from "../../content/cards.ts";
import { InspectedEntry, useFieldTags } from "../../preview/inspector.tsx";
import { useLiveCarousel } from "../../preview/live-updates.ts";
import { Carousel } from "../Carousel.tsx";
import { ContentImage } from "../ContentImage.tsx";
import { LoadingPlaceholder } from "../LoadingPlaceholder.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

/** Streamed in; until the images arrive, and if they never do, a placeholder holds their place. */
export function StudioCarousel({ images }: { images: Promise<CarouselImages | null> }) {
  return (
    <section className={styles.section} aria-labelledby="studio-title">
      <SectionHeading id="studio-title" label="Recent work">
        A few things we're proud of
      </SectionHeading>
      <Suspense fallback={<CarouselPlaceholder />}>
        <Await resolve={images}>
          {(carousel) =>
            carousel && carousel.slides.length > 0 ? (
              <InspectedEntry id={carousel.entryId}>
                <StudioSlides carousel={carousel} />
              </InspectedEntry>
            ) : (
              <CarouselPlaceholder />
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

function StudioSlides({ carousel }: { carousel: CarouselImages }) {
  const slides = useLiveCarousel(carousel) ?? [];
  const tags = useFieldTags();
  return (
    <Carousel
      label="Recent work"
      slideClassName={styles.studioSlide}
      slides={slides.map((asset) => (
        <ContentImage key={asset.sys.id} asset={asset} {...tags("carousel")} sizes="(min-width: 64rem) 56rem, 85vw" />
      ))}
    />
  );
}

function CarouselPlaceholder() {
  return (
    <LoadingPlaceholder
      look="box"
      className={styles.placeholder}
      label="Loading images…"
      withoutScript={
        <p className="noscript-alternative">
          <a href="/projects">See our recent work →</a>
        </p>
      }
    />
  );
}
