import { data } from "react-router";
import { hydrateWhenVisible } from "../components/HydrateWhenVisible.tsx";
import { Hero } from "../components/home/Hero.tsx";
import { TrustedByStrip } from "../components/home/TrustedByStrip.tsx";
import { clients as trustedClients } from "../content/clients.ts";
import { orPlaceholder } from "../content/load.ts";
import { readCarousel, readLatestPosts, readProjectTiles } from "../content/pages.ts";
import type { FrameHandle } from "../lib/page-frame.ts";
import { seo } from "../lib/seo.ts";
import { shuffle } from "../lib/shuffle.ts";
import { newsFeedLinks } from "../shared/news-feed.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/home";

// Below the fold on a phone: rendered in full by the server, their code loaded as they come near the screen.
const ProjectTiles = hydrateWhenVisible("work-title", () =>
  import("../components/home/ProjectTiles.tsx").then((module) => module.ProjectTiles),
);
const Intro = hydrateWhenVisible("intro-title", () =>
  import("../components/home/Intro.tsx").then((module) => module.Intro),
);
const HomeCarousel = hydrateWhenVisible("showcase-title", () =>
  import("../components/home/HomeCarousel.tsx").then((module) => module.HomeCarousel),
);
const BritishDesign = hydrateWhenVisible("british-title", () =>
  import("../components/home/BritishDesign.tsx").then((module) => module.BritishDesign),
);
const SideScrollStory = hydrateWhenVisible("story-title", () =>
  import("../components/home/SideScrollStory.tsx").then((module) => module.SideScrollStory),
);
const TestimonialViewer = hydrateWhenVisible("feedback-title", async () => {
  // The quotes come with the viewer: nothing else on the page needs them.
  const [{ TestimonialViewer }, { testimonials }] = await Promise.all([
    import("../components/home/TestimonialViewer.tsx"),
    import("../content/testimonials.ts"),
  ]);
  return function Testimonials() {
    return <TestimonialViewer testimonials={testimonials} />;
  };
});
const PostTeaser = hydrateWhenVisible("teaser-title", () =>
  import("../components/home/PostTeaser.tsx").then((module) => module.PostTeaser),
);
const ClosingLine = hydrateWhenVisible("closing-line", () =>
  import("../components/home/ClosingLine.tsx").then((module) => module.ClosingLine),
);
const laterSections = [
  ProjectTiles,
  Intro,
  HomeCarousel,
  BritishDesign,
  SideScrollStory,
  PostTeaser,
  TestimonialViewer,
  ClosingLine,
];

export const homeTitle = `Design Agency Derby | ${site.name} | Web Design • Branding • UK`;

export const handle: FrameHandle = { frame: { footer: "home" } };

export async function loader({ context }: Route.LoaderArgs) {
  // Each section may fail alone and keep its placeholder; the posts are streamed, and leave the spinner if they are
  // unavailable.
  const posts = orPlaceholder(context, "home teaser", readLatestPosts(context));
  const [projects, carousel] = await Promise.all([
    orPlaceholder(context, "home project tiles", readProjectTiles(context)),
    orPlaceholder(context, "home carousel", readCarousel(context)),
    ...laterSections.map((section) => section.preload()),
  ]);
  // A new order on every render, chosen here so the browser hydrates the same order the server drew.
  const clients = shuffle(trustedClients);
  return data({ clients, projects, carousel, posts });
}

export const homeDescription = `${site.description} ${site.tagline}.`;

export const homeKeywords = [
  "design agency Derby",
  "web design Derby",
  "branding agency",
  "graphic design",
  "web development",
  "digital marketing",
  "UK design agency",
];

export const links: Route.LinksFunction = newsFeedLinks;

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: homeTitle, description: homeDescription, keywords: homeKeywords });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { clients, projects, carousel, posts } = loaderData;
  return (
    <>
      <Hero />
      <TrustedByStrip clients={clients} />
      <ProjectTiles projects={projects} />
      <Intro />
      <HomeCarousel carousel={carousel} />
      <BritishDesign />
      <SideScrollStory />
      <PostTeaser posts={posts} />
      <TestimonialViewer />
      <ClosingLine />
    </>
  );
}
