import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type OpenPanels, togglePanel } from "../lib/accordion.ts";
import styles from "./Accordion.module.css";
import { useHydrated } from "./useDevice.ts";

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * A list of panels, each a button with aria-expanded controlling a region that opens to its content's height.
 * Without JavaScript every panel is shown open (see the noscript style in root.tsx).
 */
export function Accordion({
  items,
  headingLevel = 3,
  className,
  initiallyOpen = [],
}: {
  items: AccordionItem[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
  initiallyOpen?: string[];
}) {
  const [open, setOpen] = useState<OpenPanels>(() => new Set(initiallyOpen));
  return (
    <div className={[styles.accordion, className].filter(Boolean).join(" ")}>
      {items.map((item) => (
        <AccordionPanel
          key={item.id}
          item={item}
          headingLevel={headingLevel}
          open={open.has(item.id)}
          onToggle={() => setOpen((current) => togglePanel(current, item.id))}
        />
      ))}
    </div>
  );
}

function AccordionPanel({
  item,
  headingLevel,
  open,
  onToggle,
}: {
  item: AccordionItem;
  headingLevel: 2 | 3 | 4;
  open: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  const inner = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  // No style attribute in the server's HTML (the policy allows none, decision 0201): closed by the stylesheet
  // until React runs, then the height set through the CSSOM.
  const hydrated = useHydrated();
  const Heading = `h${headingLevel}` as const;

  // Follow the content's height while open, so text reflow or late images never clip it.
  useEffect(() => {
    const element = inner.current;
    if (!element || !open) return;
    setHeight(element.scrollHeight);
    const observer = new ResizeObserver(() => setHeight(element.scrollHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [open]);

  return (
    <div className={styles.item} data-open={open}>
      <Heading className={styles.heading}>
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
      </Heading>
      <section
        id={`${id}-panel`}
        aria-labelledby={`${id}-button`}
        className={styles.panel}
        data-accordion-panel=""
        style={hydrated ? { height: open ? height : 0 } : undefined}
      >
        <div ref={inner} className={styles.content}>
          {item.content}
        </div>
      </section>
    </div>
  );
}
