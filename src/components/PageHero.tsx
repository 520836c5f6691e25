import type { ReactNode } from "react";
import type { FieldTags } from "../preview/inspector.tsx";
import styles from "./PageHero.module.css";

export function PageHero({
  eyebrow,
  title,
  children,
  aside,
}: {
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  /** Shown beside the standfirst on wide screens (figures, a link). */
  aside?: ReactNode;
}) {
  return (
    <header className={styles.hero}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>{title}</h1>
      {(children || aside) && (
        <div className={styles.foot}>
          {children && <div className={styles.standfirst}>{children}</div>}
          {aside && <div className={styles.aside}>{aside}</div>}
        </div>
      )}
    </header>
  );
}

/** Key figures, each value over its label: beside a PageHero's standfirst, or set large (a service's stats). */
export function Figures({
  items,
  large = false,
  tags,
}: {
  items: readonly { figure: string; label?: string }[];
  large?: boolean;
  /** The preview's field tags for every label and every value. */
  tags?: { label: FieldTags; figure: FieldTags };
}) {
  return (
    <dl className={large ? styles.figuresLarge : styles.figures}>
      {items.map((item) => (
        <div key={`${item.figure}-${item.label}`} className={styles.figure}>
          <dt className={styles.figureLabel} {...tags?.label}>
            {item.label}
          </dt>
          <dd className={styles.figureValue} {...tags?.figure}>
            {item.figure}
          </dd>
        </div>
      ))}
    </dl>
  );
}
