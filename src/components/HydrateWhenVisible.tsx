import { type ComponentType, Suspense, use, useEffect } from "react";

/** Half a screen ahead, so the code is there before the section scrolls into view. */
const nearScreen = "50% 0px";

type CssModule = Readonly<Record<string, string>>;

export type SectionWhenVisible<Props> = ComponentType<Props> & {
  /** Loads the section's module; the server awaits it before rendering, so its HTML is always complete. */
  preload: () => Promise<unknown>;
  /** The section's CSS modules, as given. */
  styles: readonly CssModule[];
};

/**
 * A page section rendered in full on the server whose code the browser loads only when the section comes near
 * the screen, or is pointed at or focused: until then React keeps the server's HTML as it is (its links still
 * work as plain links), so the page's first JavaScript carries none of it. For below-the-fold sections whose
 * HTML reads and looks the same before their script runs.
 *
 * `anchor` is the id of an element inside the section (its heading). `styles` are the CSS modules the section
 * uses, imported by the page's route module: so they belong to the page's own stylesheets, which the server
 * inlines, rather than to the section's chunk, which would leave the server's HTML unstyled until it loads.
 */
export function hydrateWhenVisible<Props extends object>(
  anchor: string,
  styles: CssModule | readonly CssModule[],
  load: () => Promise<ComponentType<Props>>,
): SectionWhenVisible<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<unknown> | undefined;
  /** The wait for the section in the document it was drawn in (a page left and visited again draws a new one). */
  let near: { section: HTMLElement | null; reached: Promise<void> } | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
    });
    return loading;
  };

  // Gate calls `use` only while the code is not there, so it must call no other hook: React replays a component
  // that suspended in `use` with the hooks of its first attempt, and when the replay skips `use` (the code came
  // meanwhile) the next hook finds none and throws ("Update hook called on initial render", minified #467),
  // which turns the section's hydration into a client render (#422). The effect lives in Hydrated instead.
  function Gate(props: Props) {
    if (!loaded) {
      // While either waits, a section being hydrated keeps the server's HTML.
      if (typeof document !== "undefined") {
        // A section the visitor never came near (they jumped past it, then left the page) must not stay empty
        // when they come back: the wait belongs to that document's section, not to the next render's.
        const section = sectionOf(anchor);
        if (near?.section !== section) near = { section, reached: nearScreenOrTouched(section) };
        use(near.reached);
      }
      use(preload());
    }
    const Section = loaded as ComponentType<Props>;
    return (
      <>
        <Section {...props} />
        <Hydrated anchor={anchor} />
      </>
    );
  }

  function SectionWhenVisible(props: Props) {
    // A section the visitor left the page without reaching loads as they leave: coming back (a client-side
    // navigation) then draws the whole page at once, so the router can put them back where they were.
    useEffect(() => () => void preload(), []);
    return (
      <Suspense fallback={null}>
        <Gate {...props} />
      </Suspense>
    );
  }
  return Object.assign(SectionWhenVisible, { preload, styles: [styles].flat() });
}

/** Marks the section once its code runs (as Carousel marks itself ready): something to wait for. Renders nothing. */
function Hydrated({ anchor }: { anchor: string }) {
  useEffect(() => {
    sectionOf(anchor)?.setAttribute("data-hydrated", "");
  }, [anchor]);
  return null;
}

function nearScreenOrTouched(section: HTMLElement | null): Promise<void> {
  return new Promise((resolve) => {
    // A client-side navigation renders the section afresh: nothing to wait for.
    if (!section || !("IntersectionObserver" in window)) return resolve();
    const triggers = ["pointerenter", "pointerdown", "focusin"] as const;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
      rootMargin: nearScreen,
    });
    function done() {
      observer.disconnect();
      for (const trigger of triggers) section?.removeEventListener(trigger, done);
      resolve();
    }
    observer.observe(section);
    for (const trigger of triggers) section.addEventListener(trigger, done, { passive: true });
  });
}

function sectionOf(anchor: string): HTMLElement | null {
  const element = document.getElementById(anchor);
  return element?.closest("section") ?? element;
}
