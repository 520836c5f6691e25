import { Reveal } from "../Reveal.tsx";
import { HeadedSection } from "../SectionHeading.tsx";
import styles from "./agency.module.css";
import { type PortraitPalette, type PortraitSymbol, TeamPortrait } from "./TeamPortrait.tsx";

const leaders: {
  role: string;
  monogram: string;
  bio: string;
  symbol: PortraitSymbol;
  palette: PortraitPalette;
}[] = [
  {
    role: "Founder & Creative Director",
    monogram: "CD",
    bio: "Started the studio with one laptop and a stubborn streak. Still signs off every piece of work that leaves the building.",
    symbol: "spark",
    palette: "ember",
  },
  {
    role: "Head of Design",
    monogram: "HD",
    bio: "Runs the design team and the type library. Has strong opinions about kerning and will share them, kindly.",
    symbol: "triangle",
    palette: "mustard",
  },
  {
    role: "Head of Web",
    monogram: "HW",
    bio: "Leads the developers who turn designs into fast, accessible websites, and keeps them that way after launch.",
    symbol: "code",
    palette: "forest",
  },
  {
    role: "Client Services Director",
    monogram: "CS",
    bio: "Your first call and the last word on timings and budgets. Keeps projects on track and everyone honest.",
    symbol: "speech",
    palette: "sky",
  },
];

/** The leadership team of four, by role, with generated portraits. */
export function LeadershipTeam() {
  return (
    <HeadedSection
      id="team-title"
      className={styles.section}
      label="The team"
      title="The people behind the work"
      intro={
        <p>Four people lead a studio of designers, developers, photographers and writers. You'll meet all of them.</p>
      }
    >
      <ul className={styles.team}>
        {leaders.map((leader, index) => (
          <Reveal as="li" key={leader.role} className={styles.member}>
            <TeamPortrait
              monogram={leader.monogram}
              palette={leader.palette}
              symbol={leader.symbol}
              pose={index as 0 | 1 | 2 | 3}
            />
            <h3 className={styles.role}>{leader.role}</h3>
            <p className={styles.bio}>{leader.bio}</p>
          </Reveal>
        ))}
      </ul>
    </HeadedSection>
  );
}
