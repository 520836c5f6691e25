import { Reveal } from "../Reveal.tsx";
import styles from "./ClosingLine.module.css";

export function ClosingLine() {
  return (
    <section className={styles.closing} aria-label="Our motto">
      <Reveal className="container">
        <p id="closing-line" className={styles.line}>
          There are three responses to a piece of <span className={styles.together}>design - yes,</span> no, and{" "}
          <span className={styles.wow}>wow!</span>
        </p>
      </Reveal>
    </section>
  );
}
