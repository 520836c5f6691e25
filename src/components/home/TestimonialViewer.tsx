import { useLayoutEffect, useReducer, useRef, useState } from "react";
import type { Testimonial } from "../../content/testimonials.ts";
import { matchesTouchMedia } from "../../lib/device.ts";
import { canGoBack, canGoForward, initialTestimonialState, testimonialReducer } from "../../lib/testimonials.ts";
import { ArrowButtons } from "../ArrowIcon.tsx";
import { LogoImage } from "../ContentImage.tsx";
import { whenStripRests } from "../carouselStrip.ts";
import { nextFrame } from "../when.ts";
import styles from "./TestimonialViewer.module.css";

/**
 * Section 9: one testimonial at a time. On a desktop a click anywhere on the quote steps on, the
 * cursor an arrow showing which way; keyboard users get the back and forward buttons, shown when focused.
 * On touch devices the buttons are always there, back disabled on the first and forward on the last.
 *
 * Before React runs, and without JavaScript, the server's HTML is a scroll-snap strip stepped by buttons the
 * stylesheet generates (::scroll-button), starting on the last testimonial on a desktop and the first on a touch
 * device. Once the script runs it takes over from the testimonial the strip shows, on the device
 * the same media query names, and marks the section enhanced: the strip becomes the one-at-a-time stage.
 */
export function TestimonialViewer({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const { state, device, dispatch, press, stripRef, backRef, forwardRef } = useTestimonialSteps(testimonials.length);
  const enhanced = device !== undefined;

  return (
    <section
      className={styles.feedback}
      aria-labelledby="feedback-title"
      data-device={device}
      data-enhanced={enhanced ? "" : undefined}
    >
      <div className={`container ${styles.inner}`}>
        <div className="section-head">
          <h2 id="feedback-title" className="section-title">
            Feedback from our clients
          </h2>
          <p className={styles.count} aria-hidden="true">
            <span className={styles.countNow} data-count={testimonials.length}>
              <span className={styles.countIndex}>{String(state.index + 1).padStart(2, "0")}</span>
            </span>{" "}
            / {String(testimonials.length).padStart(2, "0")}
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
          {/* Until the script takes over it is a scroller, which keyboards must reach (Safari does not focus one). */}
          <div className={styles.slides} ref={stripRef} tabIndex={enhanced ? undefined : 0} data-scroll-buttons>
            {testimonials.map((testimonial, index) => (
              <figure
                key={testimonial.company}
                className={styles.slide}
                data-current={enhanced && index === state.index ? "" : undefined}
                // The stylesheet's mark of the last slide: `:last-child` matches nothing until the
                // strip's end tag has been parsed, so a strip laid out mid-stream had no initial target.
                data-last={index === testimonials.length - 1 ? "" : undefined}
                aria-hidden={enhanced && index !== state.index ? true : undefined}
              >
                <LogoImage className={styles.logo} name={testimonial.company} logo={testimonial.logo} />
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
          {enhanced && `Testimonial ${state.index + 1} of ${testimonials.length}`}
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
        {device !== "touch" && (
          <p className={styles.hint} aria-hidden="true">
            Click to read {state.direction === "back" ? "the previous" : "the next"} one
          </p>
        )}
      </div>
    </section>
  );
}

/** Which testimonial shows and which way a step goes; the strip taken over from where the server's HTML left it. */
function useTestimonialSteps(count: number) {
  const [state, dispatch] = useReducer(testimonialReducer, count, (count) => initialTestimonialState(count, "desktop"));
  /** Undefined in the server's HTML and until the script has taken the strip over. */
  const [device, setDevice] = useState<"desktop" | "touch">();
  const stripRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const forwardRef = useRef<HTMLButtonElement>(null);
  // Before the first paint after hydration: the testimonial in view stays in view, the device is the one the
  // stylesheet assumed, and keyboard focus on the strip's own buttons passes to ours.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const onDevice = matchesTouchMedia(window) ? "touch" : "desktop";
    return whenStripRests(strip, [...strip.children], (index) => {
      const focused = document.activeElement === strip;
      const start = initialTestimonialState(count, onDevice, index);
      dispatch({ type: "reset", device: onDevice, index });
      setDevice(onDevice);
      if (focused) {
        const forwardFirst = onDevice === "touch" ? canGoForward(start) : !canGoBack(start);
        nextFrame(() => (forwardFirst ? forwardRef : backRef).current?.focus());
      }
    });
  }, [count]);

  // A button that becomes disabled drops keyboard focus; hand it to the one that still goes somewhere.
  const press = (type: "back" | "forward") => {
    const next = testimonialReducer(state, { type });
    dispatch({ type });
    if (type === "back" && !canGoBack(next)) forwardRef.current?.focus();
    if (type === "forward" && !canGoForward(next)) backRef.current?.focus();
  };

  return { state, device, dispatch, press, stripRef, backRef, forwardRef };
}
