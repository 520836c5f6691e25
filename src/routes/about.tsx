import { AfterFirstFrame } from "../components/AfterFirstFrame.tsx";
import { AgencyServices } from "../components/agency/AgencyServices.tsx";
import { FounderQuotes } from "../components/agency/FounderQuotes.tsx";
import { LeadershipTeam } from "../components/agency/LeadershipTeam.tsx";
import { StoryTimeline } from "../components/agency/StoryTimeline.tsx";
import { StudioCarousel } from "../components/agency/StudioCarousel.tsx";
import { Values } from "../components/agency/Values.tsx";
import { Figures, PageHero } from "../components/PageHero.tsx";
import { orPlaceholder } from "../content/load.ts";
import { readCarousel } from "../content/pages.ts";
import { seo } from "../lib/seo.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/about";

const agencyFigures = [
  { figure: "10+", label: "Years experience" },
  { figure: "235", label: "Happy clients" },
  { figure: "2000+", label: "Projects completed" },
];

export function loader({ context }: Route.LoaderArgs) {
  // Streamed: the page does not wait for the carousel; unavailable, it keeps its placeholder.
  return { carousel: orPlaceholder(context, "agency carousel", readCarousel(context)) };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: `Agency | Design & Web Studio in Derby | ${site.name}`,
    description: `Meet ${site.name}: a Derby design and web agency with 10+ years experience, 235 happy clients and 2000+ projects completed.`,
    keywords: ["design agency Derby", "creative agency", "branding agency", "web design studio", "about us"],
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Agency" title="We make brands hard to ignore" aside={<Figures items={agencyFigures} />}>
        <p>
          {site.name} is a design and web agency in Derby. For more than ten years we've helped ambitious businesses
          look as good as they are, from a first logo to a fiftieth landing page.
        </p>
      </PageHero>
      <AfterFirstFrame>
        <AgencyServices />
        <StudioCarousel images={loaderData.carousel} />
        <LeadershipTeam />
        <StoryTimeline />
        <FounderQuotes />
        <Values />
      </AfterFirstFrame>
    </>
  );
}
