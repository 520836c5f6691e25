import { data } from "react-router";
import { BritishDesign } from "../components/home/BritishDesign.tsx";
import { ClosingLine } from "../components/home/ClosingLine.tsx";
import { Hero } from "../components/home/Hero.tsx";
import { HomeCarousel } from "../components/home/HomeCarousel.tsx";
import { Intro } from "../components/home/Intro.tsx";
import { PostTeaser } from "../components/home/PostTeaser.tsx";
import { ProjectTiles } from "../components/home/ProjectTiles.tsx";
import { SideScrollStory } from "../components/home/SideScrollStory.tsx";
import { TestimonialViewer } from "../components/home/TestimonialViewer.tsx";
import { TrustedByStrip } from "../components/home/TrustedByStrip.tsx";
import { clients as trustedClients } from "../content/clients.ts";
import { orPlaceholder } from "../content/load.ts";
import { readCarousel, readLatestPosts, readProjectTiles } from "../content/pages.ts";
import { testimonials } from "../content/testimonials.ts";
import { newsFeedLinks } from "../lib/news-feed.ts";
import type { ChromeHandle } from "../lib/page-chrome.ts";
import { seo } from "../lib/seo.ts";
import { shuffle } from "../lib/shuffle.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/home";

export const homeTitle = `Design Agency Derby | ${site.name} | Web Design • Branding • UK`;

export const handle: ChromeHandle = { chrome: { footer: "home" } };

export async function loader({ context }: Route.LoaderArgs) {
  // Each section may fail alone (decision 0062): it keeps its placeholder while the rest of the page renders.
  // Streamed: the page is sent without waiting for the posts; unavailable, they leave the spinner (R4.2).
  const posts = orPlaceholder(context, "home teaser", readLatestPosts(context));
  const [projects, carousel] = await Promise.all([
    orPlaceholder(context, "home project tiles", readProjectTiles(context)),
    orPlaceholder(context, "home carousel", readCarousel(context)),
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

/** Feed readers find the news feed from here. */
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
      <HomeCarousel images={carousel} />
      <BritishDesign />
      <SideScrollStory />
      <PostTeaser posts={posts} />
      <TestimonialViewer testimonials={testimonials} />
      <ClosingLine />
    </>
  );
}
