import { Form, useSubmit } from "react-router";
import styles from "./ProjectFilter.module.css";

/**
 * The projects' category dropdown (R2.14: "All Projects" plus categories). A GET form, so it works without
 * JavaScript through its button; with JavaScript it submits on change and there is no button (it is in a
 * <noscript>, so it never takes room that hydration would then give back: no layout shift).
 */
export function ProjectFilter({ categories, selected }: { categories: string[]; selected?: string }) {
  const submit = useSubmit();

  return (
    <Form method="get" action="/projects" className={styles.filter} preventScrollReset>
      <label htmlFor="project-category" className={styles.label}>
        Show
      </label>
      <span className={styles.field}>
        <select
          id="project-category"
          name="category"
          className={styles.select}
          defaultValue={selected ?? ""}
          key={selected ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            // "All Projects" goes to the plain list rather than ?category=.
            if (value) submit(event.currentTarget.form, { preventScrollReset: true });
            else submit(null, { method: "get", action: "/projects", preventScrollReset: true });
          }}
        >
          <option value="">All Projects</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </span>
      <noscript>
        <button type="submit" className="button">
          Show projects
        </button>
      </noscript>
    </Form>
  );
}
