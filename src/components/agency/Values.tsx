import { Reveal } from "../Reveal.tsx";
import { HeadedSection } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

const values = [
  {
    name: "Say no to mediocre",
    text: "If it's only fine, it isn't finished. Every project goes one draft past comfortable.",
  },
  {
    name: "Speak plainly",
    text: "Straight answers on cost, time and whether an idea is any good. Including our own ideas.",
  },
  {
    name: "Make it work hard",
    text: "Pretty is the entry fee. We design for enquiries, sales and the people who have to use the thing.",
  },
  {
    name: "Stick around",
    text: "Most of our clients have been with us for years. We still pick up the phone after launch day.",
  },
];

/** What the studio holds itself to (its values). */
export function Values() {
  return (
    <HeadedSection
      id="values-title"
      className={styles.section}
      label="What we believe"
      title="Four rules we don't bend"
    >
      <ol className={styles.values}>
        {values.map((value, index) => (
          <Reveal as="li" key={value.name} className={styles.value}>
            <span className={styles.valueNumber} aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className={styles.valueName}>{value.name}</h3>
            <p className={styles.valueText}>{value.text}</p>
          </Reveal>
        ))}
      </ol>
    </HeadedSection>
  );
}
