import type { Client } from "./client.ts";
import { clients } from "./clients.ts";

/** Fixed in the page, not content. People appear by role, never by an invented name. */
export interface Testimonial {
  company: string;
  logo: Client["logo"];
  quote: string;
  role?: string;
}

function logoOf(company: string): Client["logo"] {
  const client = clients.find((candidate) => candidate.name === company);
  if (!client) throw new Error(`No logo for the testimonial from ${company}: add the client to src/content/clients.ts`);
  return client.logo;
}

const said: ReadonlyArray<Omit<Testimonial, "logo">> = [
  {
    company: "Dennis Group",
    role: "Marketing Director",
    quote:
      "They rebuilt a 60-page site without losing a single ranking, and our sales team finally sends people to the website instead of apologising for it.",
  },
  {
    company: "Prym Health",
    role: "Founder",
    quote:
      "We came with a spreadsheet of ideas and left with a brand that looks like a company three times our size. Clear, calm, and always on time.",
  },
  {
    company: "Warmies",
    role: "Head of E-commerce",
    quote:
      "Our new shop loads in under two seconds on a phone and conversion is up by a third. The team answered every question in plain English.",
  },
  {
    company: "VetCare at Home",
    role: "Practice Manager",
    quote:
      "Booking a home visit used to take a phone call and a lot of patience. Now clients book online in a minute, and our phones are quieter.",
  },
  {
    company: "Bowmer + Kirkland",
    role: "Communications Manager",
    quote:
      "A big organisation with a lot of opinions, and they handled every one of them. The result is a site our people are proud to share.",
  },
  {
    company: "Percy's Pet Products",
    role: "Co-founder",
    quote:
      "From packaging to product pages, everything now feels like us. Stockists noticed the difference before we had even announced it.",
  },
  {
    company: "Project Wingman",
    role: "Trustee",
    quote:
      "They understood a charity's budget and never made us feel small. Volunteer sign-ups doubled in the first month after launch.",
  },
];

export const testimonials: readonly Testimonial[] = said.map((entry) => ({ ...entry, logo: logoOf(entry.company) }));
