import type { ReactNode } from "react";
import { formatDate } from "../../lib/dates.ts";
import { PageHero } from "../PageHero.tsx";
import styles from "./legal.module.css";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalDocument({
  eyebrow,
  title,
  updated,
  summary,
  sections,
}: {
  eyebrow: string;
  title: string;
  updated: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title}>
        {summary}
        <p className={styles.updated}>
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </p>
      </PageHero>
      <div className={styles.layout}>
        <nav className={styles.contents} aria-labelledby="contents-title">
          <h2 id="contents-title" className={styles.contentsTitle}>
            Contents
          </h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              className={styles.section}
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
                <span className={styles.sectionNumber} aria-hidden="true">
                  {index + 1}.
                </span>{" "}
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
