import { type ElementType, type ReactNode, useEffect, useRef, useState } from "react";
import styles from "./Reveal.module.css";
import { watchVisibility } from "./when.ts";

type RevealState = "shown" | "waiting" | "revealed";

/** Only what starts below the fold waits, so nothing the visitor already sees flickers; the reveal takes 1 s. */
export function Reveal({
  as: Tag = "div",
  className,
  children,
  ...rest
}: { as?: ElementType; className?: string; children: ReactNode } & Record<string, unknown>) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>("shown");

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    const watch = watchVisibility({ rootMargin: "0px 0px -10% 0px" }, (_, visible) => {
      if (!visible) return;
      setState("revealed");
      watch?.disconnect();
    });
    // Where the browser cannot tell when it comes into view, it is shown as it is.
    if (!watch) return;
    setState("waiting");
    watch.observe(element);
    return () => watch.disconnect();
  }, []);

  return (
    <Tag ref={ref} className={[styles.reveal, className].filter(Boolean).join(" ")} data-reveal={state} {...rest}>
      {children}
    </Tag>
  );
}
