import { site } from "../../shared/site.ts";
import styles from "./Hero.module.css";

/** Section 1: the tagline as the page's largest paint, set in text so it shows before any image. */
export function Hero() {
  const [lead, last] = splitLastWord(site.tagline);
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.eyebrow}>Design &amp; web agency · Derby, UK</p>
        <h1 id="hero-title" className={styles.title}>
          <span className={styles.lead}>{lead} </span>
          <span className={styles.struck}>{last}</span>
        </h1>
        <p className={styles.lede}>
          Brands, websites and campaigns for people who would rather be remembered than be safe.
        </p>
      </div>
    </section>
  );
}

function splitLastWord(text: string): [string, string] {
  const at = text.lastIndexOf(" ");
  return at < 0 ? ["", text] : [text.slice(0, at), text.slice(at + 1)];
}
