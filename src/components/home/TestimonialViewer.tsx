import { useEffect, useReducer, useRef } from "react";
import type { Testimonial } from "../../content/testimonials.ts";
import { canGoBack, canGoForward, initialTestimonialState, testimonialReducer } from "../../lib/testimonials.ts";
import { ArrowButtons } from "../ArrowIcon.tsx";
import { useIsTouch } from "../useDevice.ts";
import styles from "./TestimonialViewer.module.css";

/**
 * Section 9: one testimonial at a time (R4). On a desktop a click anywhere on the quote steps on, the
 * cursor an arrow showing which way; keyboard users get the back and forward buttons, shown when focused.
 * On touch devices the buttons are always there, back disabled on the first and forward on the last.
 */
export function TestimonialViewer({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const isTouch = useIsTouch();
  const [state, dispatch] = useReducer(testimonialReducer, testimonials.length, (count) =>
    initialTestimonialState(count, "desktop"),
  );

  useEffect(() => {
    if (isTouch) dispatch({ type: "reset", device: "touch" });
  }, [isTouch]);

  const device = isTouch ? "touch" : "desktop";
  const backRef = useRef<HTMLButtonElement>(null);
  const forwardRef = useRef<HTMLButtonElement>(null);
  // A button that becomes disabled drops keyboard focus; hand it to the one that still goes somewhere.
  const press = (type: "back" | "forward") => {
    const next = testimonialReducer(state, { type });
    dispatch({ type });
    if (type === "back" && !canGoBack(next)) forwardRef.current?.focus();
    if (type === "forward" && !canGoForward(next)) backRef.current?.focus();
  };

  return (
    <section className={styles.feedback} aria-labelledby="feedback-title" data-device={device}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.head}>
          <h2 id="feedback-title" className={styles.title}>
            Feedback from our clients
          </h2>
          <p className={styles.count} aria-hidden="true">
            <span className={styles.countNow}>{String(state.index + 1).padStart(2, "0")}</span> /{" "}
            {String(testimonials.length).padStart(2, "0")}
          </p>
        </div>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the buttons below give keyboards the same steps */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only shortcut; the buttons are the control */}
        <div
          className={styles.stage}
          data-direction={state.direction}
          data-testimonial-area=""
          onClick={device === "desktop" ? () => dispatch({ type: "step" }) : undefined}
        >
          <div className={styles.slides}>
            {testimonials.map((testimonial, index) => (
              <figure
                key={testimonial.company}
                className={styles.slide}
                data-current={index === state.index ? "" : undefined}
                aria-hidden={index === state.index ? undefined : true}
              >
                <img
                  className={styles.logo}
                  src={testimonial.logo.src}
                  width={testimonial.logo.width}
                  height={testimonial.logo.height}
                  alt={testimonial.company}
                  loading="lazy"
                  decoding="async"
                />
                <blockquote className={styles.quote}>
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className={styles.caption}>
                  {testimonial.role && `${testimonial.role}, `}
                  <span className={styles.company}>{testimonial.company}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
        <p className="visually-hidden" aria-live="polite">
          Testimonial {state.index + 1} of {testimonials.length}
        </p>
        <div className={styles.controls}>
          <ArrowButtons
            noun="testimonial"
            className={styles.control}
            canGoBack={canGoBack(state)}
            canGoForward={canGoForward(state)}
            onStep={press}
            backRef={backRef}
            forwardRef={forwardRef}
          />
        </div>
        {device === "desktop" && (
          <p className={styles.hint} aria-hidden="true">
            Click to read {state.direction === "back" ? "the previous" : "the next"} one
          </p>
        )}
      </div>
    </section>
  );
}
