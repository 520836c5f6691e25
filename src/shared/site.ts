// Shared with the server: refusals, rate-limit messages, the feed and the enquiry mail name the brand from here.
export const site = {
  name: "Gritstone",
  legalName: "Gritstone Studio Ltd",
  slug: "gritstone",
  tagline: "Say no to mediocre",
  description:
    "Gritstone is a design agency in Derby: web design, branding, graphic design and marketing for brands across the UK and worldwide.",
  email: "hello@gritstone.studio",
  phone: "01332 000 123",
  phoneHref: "tel:+441332000123",
  shopUrl: "https://shop.gritstone.studio",
  offices: [
    {
      city: "Derby",
      status: "open" as const,
      lines: ["Unit 4, The Silk Mill Yard", "Full Street", "Derby", "DE1 3AF"],
    },
    { city: "Manchester", status: "coming soon" as const, lines: [] as string[] },
  ],
  social: [
    { label: "Instagram", href: "https://www.instagram.com/gritstone.studio" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/gritstone-studio" },
    { label: "Behance", href: "https://www.behance.net/gritstonestudio" },
  ],
} as const;

// Rasters, not the SVG: Chromium fetches the icon again after every move inside the site, and an SVG icon is built
// as a document of its own on the main thread (docs/performance.md, "Moving between pages").
export const siteIcons = [
  { href: "/favicon-48.png", type: "image/png", sizes: "48x48" },
  { href: "/favicon-192.png", type: "image/png", sizes: "192x192" },
] as const;
