import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { type OpenPanels, togglePanel } from "../lib/accordion.ts";
import styles from "./Accordion.module.css";
import { useHydrated } from "./useDevice.ts";
import { nextFrame } from "./when.ts";

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

type HeadingLevel = 2 | 3 | 4;

// The server's HTML is a <details> per panel, which works from the first paint and without JavaScript; once React
// runs each becomes the WAI-ARIA accordion (a heading holding a button with aria-expanded), keeping what was open.
export function Accordion({
  items,
  headingLevel = 3,
  className,
  initiallyOpen = [],
}: {
  items: AccordionItem[];
  headingLevel?: HeadingLevel;
  className?: string;
  initiallyOpen?: string[];
}) {
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<OpenPanels>(() => new Set(initiallyOpen));

  // Before the enhanced panels replace the server's <details>, take over what the visitor opened or closed: before
  // hydration (read once it is done) and between hydration and the swap (each toggle, below).
  useLayoutEffect(() => {
    const details = list.current?.querySelectorAll<HTMLDetailsElement>(":scope > details");
    if (details?.length) setOpen(new Set(items.filter((_, index) => details[index]?.open).map((item) => item.id)));
  }, [items]);

  return (
    <div ref={list} className={[styles.accordion, className].filter(Boolean).join(" ")}>
      {items.map((item) =>
        hydrated ? (
          <AccordionPanel
            key={item.id}
            item={item}
            headingLevel={headingLevel}
            open={open.has(item.id)}
            onToggle={() => setOpen((current) => togglePanel(current, item.id))}
          />
        ) : (
          <details
            key={item.id}
            className={styles.item}
            open={open.has(item.id) || undefined}
            onToggle={(event) => {
              const opened = event.currentTarget.open;
              setOpen((current) => (current.has(item.id) === opened ? current : togglePanel(current, item.id)));
            }}
          >
            <summary className={styles.summary}>
              <PanelHeading level={headingLevel}>
                <span>{item.title}</span>
                <span className={styles.icon} aria-hidden="true" />
              </PanelHeading>
            </summary>
            <div className={styles.content}>{item.content}</div>
          </details>
        ),
      )}
    </div>
  );
}

function PanelHeading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return <Heading className={styles.heading}>{children}</Heading>;
}

function AccordionPanel({
  item,
  headingLevel,
  open,
  onToggle,
}: {
  item: AccordionItem;
  headingLevel: HeadingLevel;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const inner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();

  // Follow the content's height while open, so text reflow or late images never clip it.
  useLayoutEffect(() => {
    const element = inner.current;
    if (!element || !open) return;
    setHeight(element.scrollHeight);
    const observer = new ResizeObserver(() => setHeight(element.scrollHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [open]);

  // Only after the first frame do height changes animate: a panel that was open before React ran stays still.
  const [animate, setAnimate] = useState(false);
  useEffect(() => nextFrame(() => setAnimate(true)), []);

  return (
    <div className={styles.item} data-open={open} data-animate={animate || undefined}>
      <PanelHeading level={headingLevel}>
        <button
          type="button"
          className={styles.trigger}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          id={`${id}-button`}
          onClick={onToggle}
        >
          <span>{item.title}</span>
          <span className={styles.icon} aria-hidden="true" />
        </button>
      </PanelHeading>
      <section
        id={`${id}-panel`}
        aria-labelledby={`${id}-button`}
        className={styles.panel}
        style={{ height: open ? (height ?? "auto") : 0 }}
      >
        <div ref={inner} className={styles.content}>
          {item.content}
        </div>
      </section>
    </div>
  );
}
