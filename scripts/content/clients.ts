import type { Wordmark } from "./wordmark.ts";

/**
 * The "Proudly Trusted By" clients: the brands behind the case studies (linking to their project page) and
 * independent businesses we invented for the sample site (linking out). The generator draws each wordmark into
 * public/logos/ and writes src/content/clients.ts from this list.
 */

export interface ClientPlan {
  /** File name of the logo (public/logos/<slug>.svg). */
  slug: string;
  name: string;
  wordmark: Wordmark;
  /** The case study this client links to, or their own site. */
  project?: string;
  website?: string;
}

export const clients: ClientPlan[] = [
  // Case studies
  {
    slug: "dennis-group",
    name: "Dennis Group",
    project: "dennis-group",
    wordmark: { parts: [{ text: "Dennis Group", style: "caps" }], symbol: "square" },
  },
  { slug: "adidas", name: "adidas", project: "adidas", wordmark: { parts: [{ text: "adidas", style: "display" }] } },
  {
    slug: "best-of-south-west-ldn",
    name: "Best of South West London",
    project: "best-of-south-west-ldn",
    wordmark: {
      parts: [
        { text: "Best of", style: "caps" },
        { text: "South West London", style: "display" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "drivenmedia",
    name: "DrivenMedia",
    project: "drivenmedia",
    wordmark: { parts: [{ text: "drivenmedia", style: "display" }], symbol: "slash" },
  },
  {
    slug: "prym-health",
    name: "Prym Health",
    project: "prym-health",
    wordmark: {
      parts: [
        { text: "prym", style: "display" },
        { text: "Health", style: "caps" },
      ],
    },
  },
  {
    slug: "sc-johnson",
    name: "SC Johnson",
    project: "sc-johnson",
    wordmark: { parts: [{ text: "SC Johnson", style: "caps" }] },
  },
  {
    slug: "vetcare-at-home",
    name: "VetCare at Home",
    project: "vetcare-at-home",
    wordmark: {
      parts: [
        { text: "VetCare", style: "display" },
        { text: "at home", style: "caps" },
      ],
      symbol: "circle",
    },
  },
  {
    slug: "percys-pet-products",
    name: "Percy's Pet Products",
    project: "percys-pet-products",
    wordmark: {
      parts: [
        { text: "Percy's", style: "display" },
        { text: "Pet Products", style: "caps" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "project-wingman",
    name: "Project Wingman",
    project: "project-wingman",
    wordmark: { parts: [{ text: "Project Wingman", style: "caps" }], symbol: "triangle" },
  },
  {
    slug: "propfirmtrader",
    name: "PropFirmTrader",
    project: "propfirmtrader",
    wordmark: { parts: [{ text: "PropFirmTrader", style: "display" }], symbol: "bars" },
  },
  {
    slug: "warmies",
    name: "Warmies",
    project: "warmies",
    wordmark: { parts: [{ text: "warmies", style: "display" }], symbol: "ring" },
  },
  {
    slug: "bowmer-kirkland",
    name: "Bowmer + Kirkland",
    project: "bowmer-kirkland",
    wordmark: { parts: [{ text: "Bowmer + Kirkland", style: "caps" }] },
  },
  // Independent clients (fictional businesses of the sample site)
  {
    slug: "derwent-and-dove",
    name: "Derwent & Dove",
    website: "https://www.derwentanddove.co.uk",
    wordmark: { parts: [{ text: "Derwent & Dove", style: "display" }] },
  },
  {
    slug: "ashford-bakehouse",
    name: "Ashford Bakehouse",
    website: "https://www.ashfordbakehouse.co.uk",
    wordmark: {
      parts: [
        { text: "Ashford", style: "display" },
        { text: "Bakehouse", style: "caps" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "kinder-cycles",
    name: "Kinder Cycles",
    website: "https://www.kindercycles.co.uk",
    wordmark: { parts: [{ text: "Kinder Cycles", style: "caps" }], symbol: "ring" },
  },
  {
    slug: "millstone-legal",
    name: "Millstone Legal",
    website: "https://www.millstonelegal.co.uk",
    wordmark: {
      parts: [
        { text: "Millstone", style: "display" },
        { text: "Legal", style: "caps" },
      ],
    },
  },
  {
    slug: "northcote-architects",
    name: "Northcote Architects",
    website: "https://www.northcotearchitects.co.uk",
    wordmark: { parts: [{ text: "Northcote", style: "caps" }], symbol: "triangle" },
  },
  {
    slug: "trent-valley-physio",
    name: "Trent Valley Physio",
    website: "https://www.trentvalleyphysio.co.uk",
    wordmark: {
      parts: [
        { text: "Trent Valley", style: "display" },
        { text: "Physio", style: "caps" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "little-grebe-kitchen",
    name: "Little Grebe Kitchen",
    website: "https://www.littlegrebekitchen.co.uk",
    wordmark: { parts: [{ text: "little grebe", style: "display" }], symbol: "arc" },
  },
  {
    slug: "fernhill-homes",
    name: "Fernhill Homes",
    website: "https://www.fernhillhomes.co.uk",
    wordmark: { parts: [{ text: "Fernhill Homes", style: "caps" }], symbol: "diamond" },
  },
  {
    slug: "harbour-lane-yoga",
    name: "Harbour Lane Yoga",
    website: "https://www.harbourlaneyoga.co.uk",
    wordmark: { parts: [{ text: "harbour lane", style: "display" }], symbol: "circle" },
  },
  {
    slug: "marlow-finch",
    name: "Marlow Finch Accountants",
    website: "https://www.marlowfinch.co.uk",
    wordmark: {
      parts: [
        { text: "Marlow Finch", style: "display" },
        { text: "Accountants", style: "caps" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "kestrel-roofing",
    name: "Kestrel Roofing",
    website: "https://www.kestrelroofing.co.uk",
    wordmark: { parts: [{ text: "Kestrel", style: "display" }], symbol: "triangle" },
  },
  {
    slug: "quarry-and-co",
    name: "Quarry & Co.",
    website: "https://www.quarryandco.co.uk",
    wordmark: { parts: [{ text: "Quarry & Co.", style: "caps" }], symbol: "square" },
  },
  {
    slug: "wildpeak-outdoors",
    name: "Wildpeak Outdoors",
    website: "https://www.wildpeakoutdoors.co.uk",
    wordmark: {
      parts: [
        { text: "Wildpeak", style: "display" },
        { text: "Outdoors", style: "caps" },
      ],
    },
  },
  {
    slug: "oakhurst-dental",
    name: "Oakhurst Dental",
    website: "https://www.oakhurstdental.co.uk",
    wordmark: { parts: [{ text: "oakhurst", style: "display" }], symbol: "diamond" },
  },
  {
    slug: "blackbrook-dairy",
    name: "Blackbrook Dairy",
    website: "https://www.blackbrookdairy.co.uk",
    wordmark: {
      parts: [
        { text: "Blackbrook", style: "display" },
        { text: "Dairy", style: "caps" },
      ],
      layout: "stack",
    },
  },
  {
    slug: "tideswell-tea",
    name: "Tideswell Tea Co.",
    website: "https://www.tideswelltea.co.uk",
    wordmark: { parts: [{ text: "Tideswell Tea Co.", style: "caps" }], symbol: "bars" },
  },
];

/** Wordmarks used only on project pages (not in the strip). */
export const ownMark: Wordmark = { parts: [{ text: "Gritstone", style: "display" }], symbol: "square" };
