import type { ContentsEntry } from "../../shared/content/outline.ts";
import styles from "./ContentsSidebar.module.css";
import { useActiveSection } from "./useActiveSection.ts";

export function ContentsSidebar({ entries }: { entries: ContentsEntry[] }) {
  const active = useActiveSection(entries.map((entry) => entry.id));
  if (entries.length === 0) return null;
  return (
    <nav className={styles.contents} aria-labelledby="contents">
      <h2 id="contents" className={styles.heading}>
        Contents
      </h2>
      <ol className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={styles.link} aria-current={entry.id === active ? "true" : undefined}>
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
