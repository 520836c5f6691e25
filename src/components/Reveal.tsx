import { type ElementType, type ReactNode, useEffect, useRef, useState } from "react";
import styles from "./Reveal.module.css";

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
    if (!("IntersectionObserver" in window)) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState("waiting");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState("revealed");
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -10% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <Tag ref={ref} className={[styles.reveal, className].filter(Boolean).join(" ")} data-reveal={state} {...rest}>
      {children}
    </Tag>
  );
}
