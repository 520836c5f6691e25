import type { ReactNode } from "react";
import styles from "./SectionHeading.module.css";

/** A section's label and heading on the 12-column grid: the label in the margin, the heading large. */
export function SectionHeading({
  id,
  label,
  children,
  intro,
}: {
  id: string;
  label: string;
  children: ReactNode;
  intro?: ReactNode;
}) {
  return (
    <div className={styles.heading}>
      <p className={styles.label}>{label}</p>
      <div className={styles.main}>
        <h2 id={id} className={styles.title}>
          {children}
        </h2>
        {intro && <div className={styles.intro}>{intro}</div>}
      </div>
    </div>
  );
}

export function HeadedSection({
  id,
  className,
  label,
  title,
  intro,
  children,
}: {
  id: string;
  className: string | undefined;
  label: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <SectionHeading id={id} label={label} intro={intro}>
        {title}
      </SectionHeading>
      {children}
    </section>
  );
}
