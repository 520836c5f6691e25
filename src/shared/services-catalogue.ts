// Shared with the server: the legacy redirects read the service slugs (through redirects.ts).
// What the agency sells, in one place; each linked service has a singleServices entry with the same slug.
export interface ServiceSummary {
  slug: string;
  name: string;
  summary: string;
}

export const overviewServices: readonly ServiceSummary[] = [
  {
    slug: "graphic-design",
    name: "Graphic design",
    summary: "Brochures, reports, signage and everything in between, set with care and built to be read.",
  },
  {
    slug: "branding",
    name: "Branding",
    summary: "Names, marks and identity systems that still make sense on a van, a mug and a 4K screen.",
  },
  {
    slug: "photography",
    name: "Photography",
    summary: "Product, people and place, shot in our Derby studio or on location anywhere in the UK.",
  },
  {
    slug: "web-design",
    name: "Web design",
    summary: "Fast, accessible websites that look the part and turn visitors into enquiries.",
  },
  {
    slug: "packaging",
    name: "Packaging",
    summary: "Boxes, labels and sleeves that win the shelf and survive the supply chain.",
  },
  {
    slug: "ux-design",
    name: "UX design",
    summary: "Research, journeys and prototypes, so the thing you build is the thing people need.",
  },
  {
    slug: "print-design",
    name: "Print design",
    summary: "Print that feels expensive for the right reasons, with the proofs checked twice.",
  },
  {
    slug: "social-media",
    name: "Social media",
    summary: "Content people stop scrolling for, planned, made and posted on schedule.",
  },
  {
    slug: "image-editing",
    name: "Image editing",
    summary: "Retouching, cut-outs and colour work that nobody notices, which is the point.",
  },
  {
    slug: "ecommerce",
    name: "Ecommerce",
    summary: "Shops that are easy to run, quick to load and simple to buy from.",
  },
];

/** Services without a page of their own. */
export const otherServices: readonly { name: string; summary: string }[] = [
  {
    name: "Digital marketing",
    summary:
      "Search, paid social and email campaigns measured against the numbers that matter to you, not vanity metrics. Monthly reports in plain English.",
  },
  {
    name: "Brand strategy",
    summary:
      "Workshops, audience research and positioning that give the creative work a reason to exist. We write it down so the whole team can use it.",
  },
  {
    name: "Website maintenance",
    summary:
      "Updates, backups, security patches and small changes on a monthly plan, so your site never quietly goes stale.",
  },
  {
    name: "Business IT support",
    summary:
      "Email, domains, devices and the odd printer. Friendly support for small teams who would rather get on with their work.",
  },
  {
    name: "Website hosting",
    summary: "Fast UK hosting with SSL, daily backups and someone who answers the phone when something needs fixing.",
  },
];

export const headlineServices: readonly ServiceSummary[] = [
  {
    slug: "design",
    name: "Design",
    summary:
      "Graphic design with an editor's eye: layouts, campaigns and collateral that say one thing clearly and look good doing it.",
  },
  {
    slug: "web-design",
    name: "Web design",
    summary:
      "Websites designed around what your visitors came to do, built to load fast and to pass an accessibility audit first time.",
  },
  {
    slug: "branding",
    name: "Branding",
    summary:
      "Identity work from first workshop to finished guidelines: a name, a mark, a voice and the system that holds them together.",
  },
  {
    slug: "marketing",
    name: "Marketing",
    summary:
      "Campaigns across search, social and print, planned against a budget and reported on honestly every month.",
  },
  {
    slug: "web-development",
    name: "Web development",
    summary:
      "Headless content, ecommerce and custom integrations, written by developers who sit next to the designers.",
  },
];

export const serviceSlugs: readonly string[] = [
  ...new Set([...headlineServices, ...overviewServices].map((service) => service.slug)),
];
