import type { ReactNode } from "react";
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

/** Key figures beside a PageHero's standfirst, each value over its label. */
export function Figures({ items }: { items: readonly { figure: string; label: string }[] }) {
  return (
    <dl className={styles.figures}>
      {items.map((item) => (
        <div key={item.label} className="key-figure">
          <dt className={styles.figureLabel}>{item.label}</dt>
          <dd className={styles.figureValue}>{item.figure}</dd>
        </div>
      ))}
    </dl>
  );
}
