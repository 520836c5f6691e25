import { Link } from "react-router";
import styles from "./CategoryFilter.module.css";

/**
 * The news filter (spec §2: "All" plus each category). Each choice is a link to /news?category=…, so it
 * works without JavaScript and with it reloads only the list; the chosen one carries aria-current.
 */
export function CategoryFilter({ categories, selected }: { categories: string[]; selected?: string }) {
  const choices = [{ label: "All", to: "/news", current: !selected }].concat(
    categories.map((category) => ({
      label: category,
      to: `/news?${new URLSearchParams({ category })}`,
      current: selected?.toLowerCase() === category.toLowerCase(),
    })),
  );
  return (
    <nav className={styles.filter} aria-label="Article categories">
      <ul className={styles.list}>
        {choices.map((choice) => (
          <li key={choice.label}>
            <Link
              to={choice.to}
              className={styles.choice}
              aria-current={choice.current ? "true" : undefined}
              preventScrollReset
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
