import { Reveal } from "../Reveal.tsx";
import { SectionHeading } from "../SectionHeading.tsx";
import styles from "./agency.module.css";

const milestones = [
  { when: "Year one", figure: "1", text: "spare room in Derby, one laptop and a client who took a chance on us." },
  { when: "Year three", figure: "100", text: "clients, and a proper studio in the Silk Mill Yard by the Derwent." },
  { when: "Year six", figure: "1,000", text: "projects completed, from a single logo to complete rebrands." },
  { when: "Today", figure: "2000+", text: "projects completed for 235 happy clients across the UK and beyond." },
  { when: "Next", figure: "2", text: "studios: Manchester is coming soon." },
];

/** The agency's story as figures along a line (timeline stats). */
export function StoryTimeline() {
  return (
    <section className={`${styles.section} ${styles.dark}`} aria-labelledby="story-title">
      <div className={styles.darkInner}>
        <SectionHeading id="story-title" label="The story so far">
          Ten years, counted
        </SectionHeading>
        <ol className={styles.timeline}>
          {milestones.map((milestone) => (
            <Reveal as="li" key={milestone.when} className={styles.milestone}>
              <p className={styles.when}>{milestone.when}</p>
              <p className={styles.milestoneFigure}>{milestone.figure}</p>
              <p className={styles.milestoneText}>{milestone.text}</p>
            </Reveal>
          ))}
        </ol>
      </div>
    </section>
  );
}
