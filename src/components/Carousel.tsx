import type { EmblaCarouselType } from "embla-carousel";
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { ArrowButtons } from "./ArrowIcon.tsx";
import styles from "./Carousel.module.css";
import { whenStripRests } from "./carouselStrip.ts";
import { whenNearOrTouched } from "./when.ts";

/**
 * A labelled carousel (embla): previous/next buttons, swipe, arrow keys, no autoplay (the spec says none).
 * Before hydration it is a horizontal scroller with snap points to swipe or scroll; without JavaScript it is also
 * stepped by the buttons the stylesheet generates for it (::scroll-button) with its count following the scroll
 * position. Embla itself loads only when the carousel comes near the screen or is touched, so pages
 * whose carousel sits below the fold do not pay for it up front; it starts on the slide the visitor had reached.
 */
export function Carousel({
  label,
  slides,
  className,
  slideClassName,
}: {
  label: string;
  slides: ReactNode[];
  className?: string;
  slideClassName?: string;
}) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const embla = useEmblaWhenNeeded(viewportRef);
  // Until embla runs, the buttons step the native strip, from the first paint on (stepStripsBeforeApp) and the
  // arrow keys scroll it; embla then starts on the slide the strip rests on.
  const step = (direction: "previous" | "next") => {
    if (direction === "next") embla?.scrollNext();
    else embla?.scrollPrev();
  };
  const { selected, canPrevious, canNext } = useEmblaPosition(embla, slides.length);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!embla) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      step("previous");
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      step("next");
    }
  };

  return (
    <section
      className={[styles.carousel, className].filter(Boolean).join(" ")}
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={embla ? "" : undefined}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the slide strip takes arrow keys when focused */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys on the focused strip, as the APG carousel */}
      <div className={styles.viewport} ref={viewportRef} tabIndex={0} onKeyDown={onKeyDown} data-scroll-buttons>
        <div className={styles.track}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern's slide is a group, not a fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional and never reorder
              key={index}
              className={[styles.slide, slideClassName].filter(Boolean).join(" ")}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-current={embla && index === selected ? "true" : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <div className={styles.controls}>
          <ArrowButtons
            noun="slide"
            className={styles.control}
            canGoBack={!embla || canPrevious}
            canGoForward={!embla || canNext}
            onStep={(direction) => step(direction === "back" ? "previous" : "next")}
          >
            <p className={styles.count} aria-live="polite">
              <span className={styles.countNow} data-count={slides.length}>
                <span className={styles.countIndex}>{selected + 1}</span>
              </span>{" "}
              / {slides.length}
            </p>
          </ArrowButtons>
        </div>
      )}
    </section>
  );
}

/** The slide embla has selected and whether it can step either way, kept as embla moves. */
function useEmblaPosition(embla: EmblaCarouselType | undefined, slideCount: number) {
  const [selected, setSelected] = useState(0);
  const [canPrevious, setCanPrevious] = useState(false);
  const [canNext, setCanNext] = useState(slideCount > 1);

  const sync = useCallback(() => {
    if (!embla) return;
    setSelected(embla.selectedScrollSnap());
    setCanPrevious(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  // Before the browser paints: the count and buttons go from the native strip's to embla's without a frame between.
  useLayoutEffect(() => {
    if (!embla) return;
    sync();
    embla.on("select", sync).on("reInit", sync);
    return () => {
      embla.off("select", sync).off("reInit", sync);
    };
  }, [embla, sync]);

  return { selected, canPrevious, canNext };
}

function useEmblaWhenNeeded(viewportRef: RefObject<HTMLDivElement | null>): EmblaCarouselType | undefined {
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    const found = viewportRef.current;
    if (!found) return;
    const viewport: HTMLElement = found;
    const section = viewport.parentElement ?? viewport;
    let api: EmblaCarouselType | undefined;
    let stopped = false;
    let cancelWait = () => {};
    function start() {
      import("embla-carousel")
        // The slide the native strip shows once it rests: a swipe before the script took over is finished first.
        .then(
          ({ default: EmblaCarousel }) =>
            new Promise<[typeof EmblaCarousel, number]>((resolve) => {
              const track = viewport.firstElementChild;
              cancelWait = whenStripRests(viewport, track ? [...track.children] : [], (index) =>
                resolve([EmblaCarousel, index]),
              );
            }),
        )
        .then(([EmblaCarousel, index]) => {
          if (stopped) return;
          // Embla moves the track itself: the native scroll goes back to the start, and embla starts where it was.
          viewport.scrollLeft = 0;
          api = EmblaCarousel(viewport, { align: "start", loop: false });
          api.scrollTo(Math.min(index, api.scrollSnapList().length - 1), true);
          // Marked in this task, not at React's next commit: from now on the early script leaves the buttons alone
          // (and an embla that failed to start leaves the native strip and its buttons as they were).
          section.setAttribute("data-ready", "");
          setEmbla(api);
        })
        // The native scroller stays: the slides can still be swiped and scrolled through.
        .catch((error: unknown) => console.warn("the carousel could not load its script", error));
    }
    const cancelStart = whenNearOrTouched(section, start, viewport);
    return () => {
      stopped = true;
      cancelWait();
      cancelStart();
      api?.destroy();
    };
  }, [viewportRef]);
  return embla;
}
