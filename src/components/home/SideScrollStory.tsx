import type { CSSProperties } from "react";
import { Link } from "react-router";
import { useHydrated, useIsTouch, usePrefersReducedMotion } from "../useDevice.ts";
import styles from "./SideScrollStory.module.css";
import { useSideScroll } from "./useSideScroll.ts";

const chapters = [
  {
    title: "Listen",
    text: "Every good project starts with a brew and an awkward question. We find out what your customers actually think, not what the brief hopes they think.",
  },
  {
    title: "Think",
    text: "Strategy first, pixels second. We dig through the numbers, the competition and the pile of ideas nobody else dared to try.",
  },
  {
    title: "Make",
    text: "Identity, website, packaging, campaign: designed and built in-house by the same people who sat in the first meeting.",
  },
  {
    title: "Launch",
    text: "Tested on real phones, on slow trains and with real customers. Then we press the button together, and nobody panics.",
  },
  {
    title: "Grow",
    text: "Launch day is day one. We measure, tweak and keep the thing earning its keep long after the confetti has been swept up.",
  },
];

// On touch devices, under reduced motion, before hydration and without JavaScript it is an ordinary sideways strip
// (the spec turns the effect off on touch); the strip takes focus, so arrow keys move it too.
export function SideScrollStory() {
  const isTouch = useIsTouch();
  const reducedMotion = usePrefersReducedMotion();
  const { sectionRef, stripRef, mode, progress } = useSideScroll(!isTouch && !reducedMotion);
  // The bar's place is set through the CSSOM once React runs: the server's HTML has no style attribute.
  const hydrated = useHydrated();

  return (
    <section ref={sectionRef} className={styles.story} data-side-scroll={mode} aria-labelledby="story-title">
      <div className={styles.frame}>
        {/* biome-ignore lint/a11y/useSemanticElements: a scroll container inside the section, named for screen readers */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must take focus so arrow keys move it */}
        <div ref={stripRef} className={styles.strip} role="region" aria-label="How we work, step by step" tabIndex={0}>
          <div className={`${styles.panel} ${styles.opening}`}>
            <h2 id="story-title" className={styles.title}>
              From brief to <em>wow</em>
            </h2>
            <p className={styles.lede}>
              Five steps, no mystery. This is how an idea becomes something people remember.
            </p>
            {mode !== "off" && (
              <p className={styles.hint} aria-hidden="true">
                Keep scrolling <span className={styles.hintArrow}>→</span>
              </p>
            )}
          </div>
          {chapters.map((chapter, index) => (
            <article key={chapter.title} className={styles.panel} aria-labelledby={`story-step-${index + 1}`}>
              <span className={styles.shape} data-shape={index + 1} aria-hidden="true" />
              <p className={styles.number} aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </p>
              <h3 id={`story-step-${index + 1}`} className={styles.chapter}>
                {chapter.title}
              </h3>
              <p className={styles.text}>{chapter.text}</p>
            </article>
          ))}
          <div className={`${styles.panel} ${styles.closing}`}>
            <p className={styles.closingLine}>Everything we do, under one roof.</p>
            <Link className={styles.cta} to="/services">
              Our Services
            </Link>
          </div>
        </div>
        {mode !== "off" && (
          <div className={styles.progress} aria-hidden="true">
            <span
              className={styles.progressBar}
              style={hydrated ? ({ "--progress": progress } as CSSProperties) : undefined}
            />
          </div>
        )}
      </div>
    </section>
  );
}
