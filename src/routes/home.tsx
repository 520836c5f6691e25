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
import { readHomeCarousel, readLatestPosts, readProjectTiles } from "../content/home-page.ts";
import { testimonials } from "../content/testimonials.ts";
import { servicesContext } from "../context.ts";
import { newsFeedLinks } from "../lib/news-feed.ts";
import type { ChromeHandle } from "../lib/page-chrome.ts";
import { seo } from "../lib/seo.ts";
import { shuffle } from "../lib/shuffle.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/home";

export const homeTitle = `Design Agency Derby | ${site.name} | Web Design • Branding • UK`;

export const handle: ChromeHandle = { chrome: { footer: "home" } };

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  // Streamed: the page is sent without waiting for the posts; a failure leaves the spinner (R8).
  const posts = readLatestPosts(content).catch((error: unknown) => {
    console.error("home: the latest posts could not be loaded", error);
    throw error;
  });
  const [projects, carousel] = await Promise.all([
    readProjectTiles(content).catch(logged("project tiles")),
    readHomeCarousel(content).catch(logged("carousel")),
  ]);
  // A new order on every render, chosen here so the browser hydrates the same order the server drew.
  const clients = shuffle(trustedClients);
  return data({ clients, projects, carousel, posts });
}

function logged(what: string) {
  return (error: unknown) => {
    console.error(`home: the ${what} could not be loaded`, error);
    return null;
  };
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
