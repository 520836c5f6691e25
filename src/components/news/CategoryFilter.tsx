import { Form } from "react-router";
import styles from "./CategoryFilter.module.css";

/** A GET form of toggle buttons: without JavaScript it loads /news?category=…; with it, only the list reloads. */
export function CategoryFilter({ categories, selected }: { categories: string[]; selected?: string }) {
  const isSelected = (category: string) => selected?.toLowerCase() === category.toLowerCase();
  return (
    <Form method="get" action="/news" preventScrollReset className={styles.filter} aria-label="Article categories">
      <ul className={styles.list}>
        <li>
          {/* No name: it sends no category, which clears the filter. */}
          <button type="submit" className={styles.choice} aria-pressed={!selected}>
            All
          </button>
        </li>
        {categories.map((category) => (
          <li key={category}>
            <button
              type="submit"
              name="category"
              value={category}
              className={styles.choice}
              aria-pressed={isSelected(category)}
            >
              {category}
            </button>
          </li>
        ))}
      </ul>
    </Form>
  );
}
