import { type ComponentType, Suspense, use, useEffect } from "react";
import { whenIdle, whenNearOrTouched } from "./when.ts";

export type SectionWhenVisible<Props> = ComponentType<Props> & {
  /** Loads the section's module; the server awaits it before rendering, so its HTML is always complete. */
  preload: () => Promise<unknown>;
};

/**
 * A page section rendered in full on the server whose code the browser loads only when the section comes near
 * the screen, or is pointed at or focused: until then React keeps the server's HTML as it is (its links still
 * work as plain links), so the page's first JavaScript carries none of it. For below-the-fold sections whose
 * HTML reads and looks the same before their script runs.
 *
 * `anchor` is the id of an element inside the section (its heading). The build lists the section's stylesheets as
 * its page's (vite.config.ts), so the server inlines them: the server's HTML is styled before the code arrives.
 */
export function hydrateWhenVisible<Props extends object>(
  anchor: string,
  load: () => Promise<ComponentType<Props>>,
): SectionWhenVisible<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<unknown> | undefined;
  /** The wait for the section in the document it was drawn in (a page left and visited again draws a new one). */
  let gate: { section: HTMLElement | null; ready: Promise<unknown> } | undefined;
  let arrive = () => {};
  /** Settles when the code is here, however it came (the section came near, or a page preloaded it). */
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      arrive();
    });
    return loading;
  };

  // Gate waits on one promise (near the screen, then the code), and once it has waited it calls `use` on that
  // promise in every later render too, settled by then: React replays a component that suspended
  // with the `use` calls of its first attempt, so a render that skipped `use` (the code came meanwhile) would
  // break the replay ("Update hook called on initial render", minified #467, a client render instead of a
  // hydration, #422) or, in development, report a conditional `use`. So Gate calls no other hook; the effect
  // lives in Hydrated.
  function Gate(props: Props) {
    if (!loaded) {
      // While it waits, a section being hydrated keeps the server's HTML. A section the visitor never came near
      // (they jumped past it, then left the page) must not stay empty when they come back: the wait belongs to
      // that document's section, not to the next render's. It also ends when the code is here however it came,
      // so a later render never waits on a section that is gone. The server has no section to wait for, and
      // awaits `preload` before rendering.
      const section = typeof document === "undefined" ? null : sectionOf(anchor);
      if (gate?.section !== section) gate = { section, ready: nearScreenOrTouched(section, arrived).then(preload) };
    }
    if (gate) use(gate.ready);
    const Section = loaded as ComponentType<Props>;
    return (
      <>
        <Section {...props} />
        <Hydrated anchor={anchor} />
      </>
    );
  }

  function SectionWhenVisible(props: Props) {
    // A section the visitor left the page without reaching loads once the browser is idle after they leave:
    // coming back (a client-side navigation) then draws the whole page at once, so the router can put them back
    // where they were. Not in the move itself: each import adds the section's files to the document's head, work
    // that would hold up the next page's first frame (about 60 ms at 4 × CPU for the home page's sections).
    useEffect(() => () => void whenIdle(() => void preload()), []);
    return (
      <Suspense fallback={null}>
        <Gate {...props} />
      </Suspense>
    );
  }
  return Object.assign(SectionWhenVisible, { preload });
}

/** Marks the section once its code runs (as Carousel marks itself ready): something to wait for. Renders nothing. */
function Hydrated({ anchor }: { anchor: string }) {
  useEffect(() => {
    sectionOf(anchor)?.setAttribute("data-hydrated", "");
  }, [anchor]);
  return null;
}

function nearScreenOrTouched(section: HTMLElement | null, arrived: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    // A client-side navigation renders the section afresh: nothing to wait for.
    if (!section) return resolve();
    const cancel = whenNearOrTouched(section, resolve);
    void arrived.then(() => {
      cancel();
      resolve();
    });
  });
}

function sectionOf(anchor: string): HTMLElement | null {
  const element = document.getElementById(anchor);
  return element?.closest("section") ?? element;
}
