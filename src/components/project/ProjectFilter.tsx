import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import styles from "./ProjectFilter.module.css";

// A GET form, so it works without JavaScript through its button; the button is in a <noscript>, so it never takes
// room that hydration would then give back.
export function ProjectFilter({ categories, selected }: { categories: string[]; selected?: string }) {
  const submit = useSubmit();
  const selectRef = useRef<HTMLSelectElement>(null);

  const show = (select: HTMLSelectElement) => {
    // "All Projects" goes to the plain list rather than ?category=.
    if (select.value) submit(select.form, { preventScrollReset: true });
    else submit(null, { method: "get", action: "/projects", preventScrollReset: true });
  };

  // Hydration keeps what the visitor picked before it (an uncontrolled select): that choice is shown now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render in the browser
  useEffect(() => {
    const select = selectRef.current;
    if (select && select.value !== (selected ?? "")) show(select);
  }, []);

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
          ref={selectRef}
          onChange={(event) => show(event.currentTarget)}
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
