import { Carousel } from "../Carousel.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

const quotes = [
  "Mediocre is the most expensive thing you can buy. Nobody remembers it, so you end up paying for it twice.",
  "A brief is a promise. We read it twice and ask the awkward questions before anybody draws a thing.",
  "Good design is good manners. It tells people where to go, what it costs and why it matters, without making them work for it.",
  "We'd rather lose a pitch than win it with work we don't believe in.",
];

/** The founder's words, one at a time (a founder quote carousel). */
export function FounderQuotes() {
  return (
    <section className={styles.section} aria-labelledby="quotes-title">
      <SectionHeading id="quotes-title" label="In the founder's words">
        How we think about the work
      </SectionHeading>
      <Carousel
        label="Quotes from our founder"
        className={styles.quotes}
        slideClassName={styles.quoteSlide}
        slides={quotes.map((quote) => (
          <figure key={quote} className={styles.quote}>
            <blockquote>
              <p>{quote}</p>
            </blockquote>
            <figcaption>Founder &amp; Creative Director</figcaption>
          </figure>
        ))}
      />
    </section>
  );
}
