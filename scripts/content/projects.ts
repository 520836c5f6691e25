import { site } from "../../src/shared/site.ts";
import { clients, ownMark } from "./clients.ts";
import { on, palette } from "./colour.ts";
import { type ArtWords, drawn, type Kind, type Size } from "./plans.ts";
import { md } from "./rich-text.ts";
import type { Store } from "./store.ts";

/**
 * The case studies: the thirteen client projects the home page links to, plus the studio's own rebrand.
 * Real brands appear as titles and client names only; the copy describes our design work, and quotes are
 * attributed to roles, never to invented people.
 */

interface ProjectPlan {
  slug: string;
  title: string;
  client: string;
  category: string[];
  services: string[];
  colour: string;
  accent: string;
  date: string;
  small?: boolean;
  absoluteHeader?: boolean;
  website?: string;
  /** The client's wordmark (scripts/content/clients.ts slug), shown on the project page. */
  logo?: string;
  hero: string;
  intro: string;
  brief: string;
  content: string;
  outcome: string;
  quote: { text: string; role: string };
  seo: { title: string; description: string; keywords: string[] };
  art: Omit<ArtWords, "kicker" | "footer">;
  layout: {
    images: [Kind, Kind];
    fullWidth?: Kind;
    images3?: [Kind, Kind, Kind];
    fullWidth2?: Kind;
    images4: [Kind, Kind];
    gallery: Kind[];
  };
}

const projectPlans: ProjectPlan[] = [
  {
    slug: "dennis-group",
    title: "Dennis Group",
    client: "Dennis Group",
    category: ["Branding", "Web Design"],
    services: ["Branding", "Web Design", "Web Development"],
    colour: "#263a5e",
    accent: "#f2b134",
    date: "2025-03-18",
    absoluteHeader: true,
    logo: "dennis-group",
    hero: "A group brand and website that lets every part of the business speak with one voice.",
    intro: `Dennis Group asked for something that sounds simple and isn't: look like one company without making every
      division look the same. We built a master brand, a system for the divisions and a website that gets each visitor
      to the right door in two clicks.`,
    brief: `Bring the group's businesses under one roof without flattening them. The brief came down to three things:

      - a master brand with enough presence to lead from the front
      - a system that gives each division its own accent without anyone going rogue
      - one website for the whole group, written for customers rather than for the org chart`,
    content: `### One system, many accents
      We set the group name in a sturdy grotesque and gave it a navy that means business. Each division takes one
      accent from a shared palette of six, so the family resemblance is obvious at a glance and nobody has to fight
      over who gets orange.

      ### A website built from parts
      The site runs on twelve page modules: hero, proof, services, people, case study, contact and friends. The
      in-house team assembles new pages from them without a developer, and without breaking the grid.

      ### Signs, vans and email signatures
      A brand lives or dies in the boring places. We drew the lot: signage, vehicle livery, slide templates, email
      signatures, even the lanyards. If it carries the logo, it comes with a rule.`,
    outcome: `A 64-page brand book, twelve page modules, one website for the whole group and an afternoon of training
      for the in-house team. New division pages now go live in a morning, not a month.`,
    quote: {
      text: "Gritstone took a drawer full of logos and made us look like one company. The sales team has stopped apologising for the website.",
      role: "Marketing Director, Dennis Group",
    },
    seo: {
      title: "Dennis Group: Brand System & Website | Gritstone",
      description:
        "How Gritstone built a master brand, a division system and a modular website for Dennis Group, so every part of the business speaks with one voice.",
      keywords: ["Dennis Group", "brand system", "corporate identity", "website design", "design agency Derby"],
    },
    art: { name: "Dennis Group", headlines: ["One group. One voice.", "Built to last.", "Find the right door."] },
    layout: {
      images: ["swatches", "stationery"],
      fullWidth: "browser",
      images3: ["phones", "posters", "specimen"],
      fullWidth2: "billboard",
      images4: ["pattern", "browser"],
      gallery: ["stationery", "phones", "cover", "pattern"],
    },
  },
  {
    slug: "adidas",
    title: "adidas",
    client: "adidas",
    category: ["Print", "Digital Marketing"],
    services: ["Graphic Design", "Print Design", "Social Media"],
    colour: "#121212",
    accent: "#d4ff3a",
    date: "2024-06-10",
    small: true,
    website: "https://www.adidas.co.uk",
    logo: "adidas",
    hero: "Launch graphics and a social kit for a community running event, made to move at race pace.",
    intro: `We designed the event graphics and social toolkit for an adidas community run. Two weeks, one big idea and
      a lot of very fast people to keep up with.`,
    brief: `Make a local running event look world-class without losing its local accent. The graphics had to work on a
      start-line arch, a phone screen and a sweaty race bib, and the social kit had to let the local team post every
      day without waiting for us.`,
    content: `### Type that runs
      A tight headline style, set huge and cropped hard, as if the runners were too quick for the frame. One volt
      accent on black. No motion lines pretending to be speed.

      ### A kit, not a folder
      Forty templates for stories, posts and countdowns, each with locked type and free space for photos. The local
      team posted every day of the build-up without opening anything more complicated than their phone.`,
    outcome: `Forty social templates, a signage suite of eighteen pieces, and the artwork for bibs and medals, all
      delivered inside a fortnight.`,
    quote: {
      text: "Fast, sharp and completely unfussy. The templates did the heavy lifting all week.",
      role: "Community Marketing Lead",
    },
    seo: {
      title: "adidas: Running Event Graphics & Social Kit | Gritstone",
      description:
        "Event graphics, signage and a 40-template social kit Gritstone designed for an adidas community running event, delivered in two weeks.",
      keywords: ["adidas", "event graphics", "social media templates", "print design", "sports marketing design"],
    },
    art: {
      name: "adidas",
      headlines: ["Run your town.", "Start line energy.", "Every step counts."],
      words: ["Run your town", "3 days to go", "Race day", "See you there"],
    },
    layout: {
      images: ["posters", "social"],
      images4: ["billboard", "cover"],
      gallery: ["social", "posters", "pattern"],
    },
  },
  {
    slug: "best-of-south-west-ldn",
    title: "Best of South West London",
    client: "Best of South West London",
    category: ["Branding", "Web Design"],
    services: ["Branding", "Web Design"],
    colour: "#be185d",
    accent: "#ffd166",
    date: "2023-09-05",
    small: true,
    logo: "best-of-south-west-ldn",
    hero: "A fresh identity and a directory site that makes the area's independents look as good as they are.",
    intro: `Best of South West London shines a light on the independents that make the neighbourhood worth living in.
      We gave it a brand with some swagger and a directory that is a pleasure to browse.`,
    brief: `The listings were great; the look undersold them. The brief: a brand that feels like a friend's
      recommendation rather than a phone book, and a site where every business gets a page it would be proud to share.`,
    content: `### A badge worth displaying
      We designed a "Best of" badge that businesses actually want in their window: a bold roundel in magenta and
      sunshine yellow, with a version for every category from coffee to cobblers.

      ### Listings with personality
      Each listing leads with photography, opening hours and a map, then gets out of the way. Search filters by area,
      category and "open now", because nobody wants directions to a bakery that shut at two.`,
    outcome: `A new identity, a window badge in twelve category versions and a directory of listing pages that
      businesses happily share on their own channels.`,
    quote: {
      text: "We went from apologising for the old site to sending the new one to everyone we meet.",
      role: "Founder, Best of South West London",
    },
    seo: {
      title: "Best of South West London: Identity & Directory Website | Gritstone",
      description:
        "A bold identity, a window badge system and a browsable directory website Gritstone designed for Best of South West London.",
      keywords: ["Best of South West London", "directory website", "local brand identity", "web design", "branding"],
    },
    art: {
      name: "Best of SW LDN",
      headlines: ["The best of SW London, sorted.", "Shop local. Brag locally.", "Open now, round the corner."],
    },
    layout: {
      images: ["browser", "posters"],
      images4: ["phones", "swatches"],
      gallery: ["cover", "pattern", "social"],
    },
  },
  {
    slug: "drivenmedia",
    title: "DrivenMedia",
    client: "DrivenMedia",
    category: ["Branding", "Web Design", "Digital Marketing"],
    services: ["Branding", "Web Design", "Marketing"],
    colour: "#2b37d4",
    accent: "#ff8a3d",
    date: "2024-11-20",
    logo: "drivenmedia",
    hero: "A brand with its foot down, a website that gets to the point and a launch campaign to match.",
    intro: `DrivenMedia wanted to look like the kind of company that returns your call the same day. We built an
      identity around momentum: a slanted mark, electric blue and a website that makes its point before the visitor
      gets bored.`,
    brief: `Rebrand, rebuild, relaunch: in that order, and in one quarter. The brand had to feel quick and confident,
      the site had to turn visitors into enquiries, and the launch had to make some noise in a crowded feed.`,
    content: `### The slash
      The mark is a single forward slash: direction, speed and a nod to every web address they will ever print. It
      works at 16 pixels and at 16 metres.

      ### A site that sells
      Eight pages, not eighty. Every page ends with one clear action, and the case studies lead with the result, not
      the process.

      ### Launch week
      A five-day drumbeat across LinkedIn and Instagram: teaser, reveal, the why, the work, the invitation. Each post
      was designed as part of a set, so the feed looked deliberate from the first day.`,
    outcome: `Identity, guidelines, an eight-page website and a five-day launch campaign, delivered in eleven weeks
      from the first workshop to go-live.`,
    quote: {
      text: "They understood the brief in the first meeting and improved it by the second.",
      role: "Managing Director, DrivenMedia",
    },
    seo: {
      title: "DrivenMedia: Rebrand, Website & Launch Campaign | Gritstone",
      description:
        "A momentum-led identity, an eight-page website and a five-day launch campaign for DrivenMedia, delivered by Gritstone in eleven weeks.",
      keywords: ["DrivenMedia", "rebrand", "launch campaign", "website design", "digital marketing"],
    },
    art: {
      name: "DrivenMedia",
      headlines: ["Media with momentum.", "Less talk. More reach.", "Let's go."],
      words: ["Let's go", "New look", "Same drive", "Launch week"],
      figures: ["5 days", "8 pages", "1 slash"],
    },
    layout: {
      images: ["cover", "swatches"],
      fullWidth: "browser",
      images3: ["phones", "social", "posters"],
      fullWidth2: "dashboard",
      images4: ["stationery", "billboard"],
      gallery: ["pattern", "social", "browser", "specimen"],
    },
  },
  {
    slug: "prym-health",
    title: "Prym Health",
    client: "Prym Health",
    category: ["Web Design", "Branding"],
    services: ["Branding", "Web Design", "UX Design"],
    colour: "#0f766e",
    accent: "#ffcf5c",
    date: "2025-07-14",
    absoluteHeader: true,
    logo: "prym-health",
    hero: "Calm, clear and human: a health brand and website that explains itself in plain English.",
    intro: `Healthcare is stressful enough without a website that talks in jargon. For Prym Health we designed an
      identity that feels calm and capable, and a site that answers the questions people are actually asking.`,
    brief: `Design a brand that earns trust in seconds and a website that gets people from worried to booked in as few
      steps as possible. Accessible to everyone, quick on a phone, and written so a nervous first-timer understands
      every word.`,
    content: `### Calm, not clinical
      We swapped stock-photo stethoscopes for deep teal and warm sunshine, generous white space and a soft, rounded
      wordmark. It says "you are in good hands" without shouting it.

      ### Tested with real people
      We put the booking journey in front of twelve people who had never seen it, watched where they hesitated and
      fixed it. Three rounds later the journey had gone from seven steps to four.

      ### Accessible by default
      Every colour pair passes WCAG AA, every form field has a proper label, and the whole site works with a keyboard
      and a screen reader. Not a bolt-on: the starting point.`,
    outcome: `A new identity, a 30-page accessible website and a booking journey cut from seven steps to four after
      three rounds of testing with real people.`,
    quote: {
      text: "The new site feels like us on a good day: calm, clear and helpful.",
      role: "Head of Operations, Prym Health",
    },
    seo: {
      title: "Prym Health: Healthcare Brand & Accessible Website | Gritstone",
      description:
        "A calm healthcare identity and an accessible, user-tested website for Prym Health, with a booking journey cut from seven steps to four.",
      keywords: ["Prym Health", "healthcare branding", "accessible website", "UX design", "user testing"],
    },
    art: { name: "Prym Health", headlines: ["Healthcare, explained.", "Book in four steps.", "You're in good hands."] },
    layout: {
      images: ["browser", "swatches"],
      fullWidth: "phones",
      images3: ["phones", "specimen", "posters"],
      fullWidth2: "browser",
      images4: ["stationery", "pattern"],
      gallery: ["cover", "social", "browser", "stillLife"],
    },
  },
  {
    slug: "sc-johnson",
    title: "SC Johnson",
    client: "SC Johnson",
    category: ["Print", "Packaging"],
    services: ["Print Design", "Packaging", "Graphic Design"],
    colour: "#9f1239",
    accent: "#fbbf24",
    date: "2022-10-03",
    small: true,
    website: "https://www.scjohnson.com",
    logo: "sc-johnson",
    hero: "Point-of-sale print and promotional packaging for a seasonal retail campaign, designed to win the aisle.",
    intro: `We designed point-of-sale print and promotional packaging for an SC Johnson seasonal campaign. The job: be
      seen from the end of the aisle and understood in the two seconds a shopper gives you.`,
    brief: `Create a campaign look that fits every retailer's rules without losing its punch. Shelf wobblers, barkers,
      gondola ends and outer cases, all from one idea and all print-ready for several different suppliers.`,
    content: `### Two-second design
      Shoppers do not read; they scan. We built the campaign around one big number, one colour and one product shot,
      in that order.

      ### One idea, many formats
      A master layout scaled to twenty-three formats, from a 60 mm shelf wobbler to a two-metre gondola end. Every file
      was preflighted to each printer's spec, so nothing came back.`,
    outcome: "Twenty-three print formats from one master layout, every file preflighted, and not a single reprint.",
    quote: { text: "Everything arrived print-ready and on spec. That never happens.", role: "Brand Manager" },
    seo: {
      title: "SC Johnson: Point-of-Sale & Promotional Packaging | Gritstone",
      description:
        "Seasonal point-of-sale print and promotional packaging Gritstone designed for SC Johnson: one master layout, twenty-three formats.",
      keywords: ["SC Johnson", "point of sale design", "POS print", "promotional packaging", "retail design"],
    },
    art: {
      name: "SC Johnson",
      headlines: ["Spring clean, sorted.", "This season's fresh start.", "Grab one on your way."],
      products: ["Seasonal promotion", "Limited edition"],
    },
    layout: {
      images: ["packaging", "posters"],
      images4: ["stillLife", "billboard"],
      gallery: ["cover", "pattern", "packaging"],
    },
  },
  {
    slug: "vetcare-at-home",
    title: "VetCare at Home",
    client: "VetCare at Home",
    category: ["Branding", "Web Design"],
    services: ["Branding", "Web Design", "Photography"],
    colour: "#2f6b3f",
    accent: "#f4a259",
    date: "2025-01-27",
    logo: "vetcare-at-home",
    hero: "A home-visit vet service deserved a brand that feels like a friendly knock at the door.",
    intro: `Vet visits at home are kinder to anxious pets and their people. We built VetCare at Home an identity and a
      website that feel just as kind: warm, capable and completely free of clip-art paw prints.`,
    brief: `Build a brand that vets respect and pet owners warm to, and a website that explains how home visits work,
      where the service reaches and how to book, before anyone has to pick up the phone.`,
    content: `### No paw prints
      We made ourselves one promise: no paw prints. The mark is a solid circle beside a friendly wordmark: a door, a
      face or a full stop, whichever you need it to be. It reads as care first and pets second, which is the point.

      ### A site that answers first
      The home page answers the four questions everyone asks: what it costs, where you cover, how soon you can come
      and what happens on the day. A postcode checker does the rest.

      ### Photography that feels real
      We art-directed a day of shooting in real homes with real, very patient pets. No studio backdrops, no stock
      smiles.`,
    outcome: `An identity, a 20-page website with a postcode checker, a library of 140 photographs and van livery,
      all from one brand guide.`,
    quote: {
      text: "People tell us the website made them feel calmer before we had even arrived.",
      role: "Clinical Director, VetCare at Home",
    },
    seo: {
      title: "VetCare at Home: Brand, Website & Photography | Gritstone",
      description:
        "A warm identity, a website with a postcode checker and art-directed photography Gritstone created for VetCare at Home.",
      keywords: ["VetCare at Home", "veterinary branding", "home vet website", "brand photography", "web design"],
    },
    art: { name: "VetCare", headlines: ["The vet, at your door.", "Calmer visits, at home.", "Check your postcode."] },
    layout: {
      images: ["stationery", "swatches"],
      fullWidth: "browser",
      images3: ["phones", "posters", "social"],
      fullWidth2: "billboard",
      images4: ["pattern", "phones"],
      gallery: ["cover", "stillLife", "browser", "stationery"],
    },
  },
  {
    slug: "percys-pet-products",
    title: "Percy's Pet Products",
    client: "Percy's Pet Products",
    category: ["Packaging", "Ecommerce", "Branding"],
    services: ["Packaging", "Ecommerce", "Branding"],
    colour: "#854d0e",
    accent: "#5eead4",
    date: "2024-03-12",
    logo: "percys-pet-products",
    hero: "Packaging that wags: a pet range that stands out on the shelf and sells itself online.",
    intro: `Percy's Pet Products wanted a range that looked as good as the products inside it. We designed packaging
      with a big personality and an online shop that makes reordering a two-click job.`,
    brief: `Redesign a growing range of treats, toys and grooming products so it reads as one family, stands out on a
      crowded pet-shop shelf and photographs beautifully for the web shop.`,
    content: `### A system for a growing range
      Each product family gets its own colour; every pack keeps the same grid, the same big wordmark and the same
      honest ingredients panel. Adding a product takes a template, not a redesign.

      ### Pouches, boxes and tins
      We designed every format in the range, from a 100 g treat pouch to a gift tin, and checked each one on a real
      shelf under real shop lighting. Yes, we went shopping for research. Repeatedly.

      ### A shop for busy owners
      Subscriptions front and centre, reordering in two clicks, and product pages that answer "will my dog actually
      eat this?" with reviews before the ingredients list.`,
    outcome: `A packaging system across the whole range, an ecommerce shop with subscriptions and a launch set of
      product photography, all from one brand guide.`,
    quote: {
      text: "Our packs finally look like they belong on the top shelf, and the shop does the selling for us.",
      role: "Co-founder, Percy's Pet Products",
    },
    seo: {
      title: "Percy's Pet Products: Packaging & Ecommerce | Gritstone",
      description:
        "A packaging system for a growing pet range and an ecommerce shop with subscriptions, designed by Gritstone for Percy's Pet Products.",
      keywords: ["Percy's Pet Products", "pet packaging design", "ecommerce website", "packaging system", "branding"],
    },
    art: {
      name: "Percy's",
      headlines: ["Good stuff for good boys.", "Treats worth sitting for.", "Reorder in two clicks."],
      products: ["Dog treats", "Cat toys", "Grooming kit"],
      words: ["Good boy", "New treats", "Sit. Stay. Shop.", "Walkies"],
    },
    layout: {
      images: ["packaging", "swatches"],
      fullWidth: "stillLife",
      images3: ["packaging", "social", "phones"],
      fullWidth2: "browser",
      images4: ["pattern", "posters"],
      gallery: ["cover", "packaging", "stillLife", "social"],
    },
  },
  {
    slug: "project-wingman",
    title: "Project Wingman",
    client: "Project Wingman",
    category: ["Branding", "Web Design", "Digital Marketing"],
    services: ["Branding", "Web Design", "Social Media"],
    colour: "#0c4a6e",
    accent: "#fbbf24",
    date: "2023-05-22",
    logo: "project-wingman",
    hero: "An identity and website for a cause that runs on kindness, a cup of tea and a good chat.",
    intro: `Project Wingman is about looking after the people who look after everyone else. We designed an identity
      with some lift in it and a website that turns goodwill into volunteers and donations.`,
    brief: `Give a growing cause a brand it can grow into: warm enough for wellbeing, proud enough to wear on a lapel,
      and clear enough that a first-time visitor knows how to help within one scroll.`,
    content: `### A mark with lift
      A simple rising triangle: a wing, a peak, an arrow pointing up. It sits happily on a lanyard, a mug or a very
      large poster.

      ### Three ways to help
      The website boils every visit down to three buttons: volunteer, donate, host. Each leads to a short form and a
      thank-you that actually sounds grateful.

      ### Social that travels
      We built a template set for volunteers to share their own stories, so the brand spreads through people rather
      than ad spend.`,
    outcome: `An identity, a volunteer-friendly website with three clear paths to help, and a social template set that
      volunteers use to tell their own stories.`,
    quote: {
      text: "They gave us a brand our volunteers are proud to wear. Literally.",
      role: "Trustee, Project Wingman",
    },
    seo: {
      title: "Project Wingman: Identity, Website & Social | Gritstone",
      description:
        "An uplifting identity, a website with three clear ways to help and a volunteer social kit Gritstone designed for Project Wingman.",
      keywords: ["Project Wingman", "charity branding", "charity website", "social media templates", "identity design"],
    },
    art: {
      name: "Wingman",
      headlines: ["Be someone's wingman.", "Kindness, on tap.", "Volunteer. Donate. Host."],
      words: ["Thank you", "Be a wingman", "Kettle's on", "Join us"],
    },
    layout: {
      images: ["cover", "stationery"],
      fullWidth: "posters",
      images3: ["phones", "social", "specimen"],
      fullWidth2: "browser",
      images4: ["swatches", "pattern"],
      gallery: ["billboard", "social", "phones", "cover"],
    },
  },
  {
    slug: "propfirmtrader",
    title: "PropFirmTrader",
    client: "PropFirmTrader",
    category: ["Web Design", "Digital Marketing"],
    services: ["Web Design", "UX Design", "Web Development"],
    colour: "#1e1b4b",
    accent: "#4ade80",
    date: "2025-10-08",
    logo: "propfirmtrader",
    hero: "A comparison platform for traders that reads clearly, loads fast and never hides the small print.",
    intro: `PropFirmTrader helps traders compare funded-account programmes without wading through marketing fluff. We
      designed a platform that puts the numbers first and the small print in plain sight.`,
    brief: `Turn a dense spreadsheet of rules, fees and payouts into a site a trader can scan in seconds: comparison
      tables that work on a phone, filters that need no manual, and a look that says serious without saying boring.`,
    content: `### Tables that work on a phone
      Comparison tables are where mobile design goes to die. Ours pin the firm's name, let you swipe the columns and
      highlight the differences that matter to you, based on your filters.

      ### Numbers first
      Every firm page leads with the five figures traders care about, in the same order and the same place. No
      hunting, and no scrolling past testimonials to find the fee.

      ### Fast, on purpose
      Server-rendered pages, tiny scripts and images sized to the screen. We set a one-second budget for the
      comparison page on a mid-range phone and built to it.`,
    outcome: `A comparison platform with mobile-first tables, filterable firm profiles and a design system of 40
      components, built to a one-second performance budget.`,
    quote: {
      text: "Traders trust numbers, not adjectives. Gritstone designed accordingly.",
      role: "Founder, PropFirmTrader",
    },
    seo: {
      title: "PropFirmTrader: Comparison Platform Design | Gritstone",
      description:
        "Mobile-first comparison tables, numbers-first firm profiles and a fast design system Gritstone built for PropFirmTrader.",
      keywords: ["PropFirmTrader", "comparison website", "UX design", "fintech web design", "design system"],
    },
    art: {
      name: "PropFirmTrader",
      headlines: ["Compare prop firms, properly.", "The small print, in big print.", "Numbers first."],
      figures: ["£100k", "8%", "90/10"],
      words: ["Numbers first", "Compare", "New firm", "Payout day"],
    },
    layout: {
      images: ["browser", "dashboard"],
      fullWidth: "dashboard",
      images3: ["phones", "specimen", "social"],
      fullWidth2: "browser",
      images4: ["swatches", "pattern"],
      gallery: ["cover", "phones", "dashboard", "browser"],
    },
  },
  {
    slug: "branding",
    title: "Branding Collection",
    client: "Independent businesses",
    category: ["Branding"],
    services: ["Branding", "Graphic Design"],
    colour: "#57534e",
    accent: "#ff6b4a",
    date: "2026-02-16",
    small: true,
    hero: "Twelve identities for independent businesses, and one rule for all of them: say no to mediocre.",
    intro: `Not every brand needs a 60-page guideline. This collection gathers identities we designed for independents
      around the Midlands: bakers, roofers, physios, a gin distillery and a very particular tea company.`,
    brief: `Each client came with a different problem and a similar budget: modest. So the brief we set ourselves was
      the same every time. A mark that works at the size of a stamp, a palette of no more than four colours and a
      one-page guide that anyone can follow.`,
    content: `### Small brands, big standards
      Small businesses need brands that work harder, not ones that cost more. Every identity here was built from the
      same disciplined kit: wordmark, symbol, palette, type pairing and a one-page guide.

      ### A few favourites
      - **Derwent & Dove**: a heavyweight wordmark with an ampersand that does the flourishing
      - **Ashford Bakehouse**: stacked type that looks right on a paper bag
      - **Kestrel Roofing**: a triangle that is a roof, a wing and a very sharp arrow
      - **Tideswell Tea Co.**: three bars for three blends, printed on everything`,
    outcome: "Twelve identities, twelve one-page guides, and not one logo that needed making bigger.",
    quote: {
      text: "We got a brand that looks like a much bigger company, without the much bigger invoice.",
      role: "Owner, Ashford Bakehouse",
    },
    seo: {
      title: "Branding Collection: Identities for Independents | Gritstone",
      description:
        "Twelve brand identities Gritstone designed for independent businesses across the Midlands, each with a one-page guide anyone can follow.",
      keywords: [
        "brand identity",
        "logo design",
        "small business branding",
        "Midlands branding",
        "design agency Derby",
      ],
    },
    art: {
      name: "Branding",
      headlines: ["Small brands, big standards.", "Say no to mediocre.", "Made in the Midlands."],
      products: ["Seasonal blend"],
    },
    layout: {
      images: ["stationery", "swatches"],
      images4: ["specimen", "pattern"],
      gallery: ["cover", "posters", "packaging"],
    },
  },
  {
    slug: "warmies",
    title: "Warmies",
    client: "Warmies",
    category: ["Packaging", "Ecommerce", "Digital Marketing"],
    services: ["Packaging", "Ecommerce", "Social Media"],
    colour: "#7e22ce",
    accent: "#fbbf24",
    date: "2024-09-30",
    absoluteHeader: true,
    logo: "warmies",
    hero: "Seasonal packaging, a gift-ready web shop and a social campaign for the cosiest products we have worked on.",
    intro: `Warmies makes heatable plush you warm up and cuddle. Hard to think of a nicer brief. We designed seasonal
      packaging, reshaped the web shop for gifting season and ran the social campaign that went with it.`,
    brief: `Make the range irresistible as a gift: packaging that looks great under a tree, a web shop that helps people
      choose for someone else, and a social campaign that makes a warm cuddle feel urgent in October.`,
    content: `### Gift-ready packaging
      A window box that lets the characters say hello, a colour for each family and a gift tag printed on the back, so
      it can go straight under the tree.

      ### Shop for someone else
      Gifting changes how people shop, so the shop is organised the way gift buyers think: by age, by budget and by
      "they like owls". Gift wrap and a message are one tick away.

      ### Cosy season
      Twelve weeks of content around one idea: cosy season. Short videos, carousels and stories, designed as a set and
      scheduled before the first frost.`,
    outcome: `Seasonal packaging across the range, a gift-led shop structure and a twelve-week social campaign, all
      ready before the first frost.`,
    quote: {
      text: "Our best-looking packaging yet, and a shop that finally works the way gift buyers think.",
      role: "Head of Marketing, Warmies",
    },
    seo: {
      title: "Warmies: Seasonal Packaging, Web Shop & Social | Gritstone",
      description:
        "Gift-ready packaging, a web shop organised for gift buyers and a twelve-week cosy season campaign Gritstone created for Warmies.",
      keywords: ["Warmies", "packaging design", "ecommerce design", "social media campaign", "gift packaging"],
    },
    art: {
      name: "Warmies",
      headlines: ["Cosy season is here.", "Warm hugs, delivered.", "Gifts that give back heat."],
      products: ["Heatable plush", "Gift box", "Cosy season edition"],
      words: ["Cosy season", "Hello", "Warm hugs", "New in"],
    },
    layout: {
      images: ["packaging", "social"],
      fullWidth: "stillLife",
      images3: ["phones", "packaging", "posters"],
      fullWidth2: "browser",
      images4: ["swatches", "pattern"],
      gallery: ["cover", "social", "packaging", "billboard"],
    },
  },
  {
    slug: "bowmer-kirkland",
    title: "Bowmer + Kirkland",
    client: "Bowmer + Kirkland",
    category: ["Print", "Branding"],
    services: ["Print Design", "Graphic Design", "Branding"],
    colour: "#9a3412",
    accent: "#facc15",
    date: "2023-02-13",
    website: "https://www.bowmerkirkland.com",
    logo: "bowmer-kirkland",
    hero: "Print that builds credibility: brochures, bid documents and site hoardings with one solid voice.",
    intro: `In construction, the document often arrives before the people do. We designed a print system for Bowmer +
      Kirkland that makes bids, brochures and hoardings look as well built as the buildings.`,
    brief: `Create a flexible print system for a busy bid team: templates that make a long tender look bespoke, a
      corporate brochure with real presence, and hoardings that make a building site look like good news.`,
    content: `### Templates for the bid team
      Forty InDesign templates with locked grids, styles and master pages. The bid team drops in the content and the
      document comes out looking designed, even at two in the morning.

      ### A brochure with weight
      A 48-page brochure on uncoated stock, with full-bleed project photography, a hi-vis yellow accent and headlines
      big enough to read from across the boardroom.

      ### Hoardings that say hello
      Site hoardings are the biggest adverts a builder owns. We designed a modular system that fits any length of
      fence, with room for the project's story and the neighbours'.`,
    outcome: `Forty bid templates, a 48-page brochure and a modular hoarding system, plus a half-day of training for
      the bid team.`,
    quote: {
      text: "Our tenders look the part now, and the team spends its time on the content, not the formatting.",
      role: "Head of Bids",
    },
    seo: {
      title: "Bowmer + Kirkland: Bid Templates, Brochure & Hoardings | Gritstone",
      description:
        "Forty bid templates, a 48-page brochure and a modular hoarding system Gritstone designed for Bowmer + Kirkland.",
      keywords: [
        "Bowmer + Kirkland",
        "construction brochure",
        "bid document design",
        "hoarding design",
        "print design",
      ],
    },
    art: {
      name: "Bowmer + Kirkland",
      headlines: ["Built on solid ground.", "Building better, together.", "Coming soon: something good."],
    },
    layout: {
      images: ["posters", "stationery"],
      fullWidth: "billboard",
      images3: ["posters", "specimen", "swatches"],
      fullWidth2: "pattern",
      images4: ["cover", "stationery"],
      gallery: ["billboard", "posters", "pattern", "cover"],
    },
  },
  {
    slug: site.slug,
    title: site.name,
    client: site.name,
    category: ["Branding", "Web Design"],
    services: ["Branding", "Web Design", "Web Development"],
    colour: "#c8321b",
    accent: "#141414",
    date: "2026-09-01",
    absoluteHeader: true,
    logo: site.slug,
    hero: "We rebranded ourselves. It was the fussiest client we have ever had.",
    intro: `Designers rebranding themselves is a famous way to lose a year. We gave ourselves six weeks, one wall of
      sticky notes and a single rule: if we would not sell it to a client, we do not get to keep it.`,
    brief: `Build a brand that says what we do in the time it takes to scroll past it. Bold type, one red, warm paper,
      and a website that is itself the portfolio piece, because a design agency with a template website is a plumber
      with a leaking tap.`,
    content: `### Named after the rock
      Gritstone is the coarse, hard-wearing stone of the Peak District: the stuff of millstones, edges and dry-stone
      walls. We liked the idea of a brand with some texture, so the grain in all our artwork is a nod to the rock.

      ### One red, used sparingly
      Near-black ink, warm off-white paper and one vivid red for the things you should press. Every colour pair passes
      accessibility contrast, because good design that some people cannot read is not good design.

      ### A website that shows, not tells
      Big type, a strict twelve-column grid and case studies that lead with the work. The site is fast, works without
      JavaScript and reads properly with a screen reader. We checked. Then we checked again.`,
    outcome: `A new identity, a brand book we actually follow and the website you are looking at. Six weeks, as
      promised. Well, seven.`,
    quote: {
      text: "Our own brief was the shortest we have ever written: make it look like us on our best day.",
      role: "Creative Director, Gritstone",
    },
    seo: {
      title: "Gritstone: Our Own Rebrand & Website | Gritstone",
      description:
        "How a Derby design agency rebranded itself in seven weeks: one red, warm paper, bold type and a website that is its own portfolio piece.",
      keywords: ["Gritstone", "agency rebrand", "design agency Derby", "brand identity", "website design"],
    },
    art: {
      name: site.name,
      headlines: ["Say no to mediocre.", "Quintessential British design.", "Let's crush it together."],
      words: ["Say no to mediocre", "Yes, no, wow", "Made in Derby", "Hello"],
    },
    layout: {
      images: ["specimen", "swatches"],
      fullWidth: "posters",
      images3: ["phones", "stationery", "social"],
      fullWidth2: "browser",
      images4: ["pattern", "billboard"],
      gallery: ["cover", "stationery", "posters", "specimen"],
    },
  },
];

function quote(text: string, role: string) {
  return md(`${text}\n\n**${role}**`);
}

export function defineProjects(store: Store): void {
  for (const plan of projectPlans) {
    const colours = palette(plan.colour, plan.accent);
    const words: ArtWords = {
      ...plan.art,
      kicker: `${site.name} — Case study`,
      footer: plan.category.join(" · "),
    };
    let drawnSoFar = 0;
    // Every image of a project takes the next line of its words, so two of a kind never say the same thing.
    const image = (field: string, size: Size, kind: Kind, n: number) =>
      drawn(store, {
        id: `${plan.slug}-${field}-${n}`,
        path: `projects/${plan.slug}/${field}-${n}.webp`,
        size,
        kind,
        words,
        palette: colours,
        subject: plan.title,
        index: drawnSoFar++,
      });
    const { layout } = plan;
    const fields: Record<string, unknown> = {
      projectTitle: plan.title,
      slug: plan.slug,
      category: plan.category,
      services: plan.services,
      featuredImage: image("featured", "projectFeatured", "cover", 1),
      BackgroundColour: plan.colour,
      heroContent: plan.hero,
      heroBackground: image("hero", "wide", "field", 1),
      introContent: md(plan.intro),
      clientName: plan.client,
      date: plan.date,
      images: layout.images.map((kind, i) => image("image", "landscape", kind, i + 1)),
      images4: layout.images4.map((kind, i) => image("pair", "landscape", kind, i + 1)),
      theBrief: md(plan.brief),
      contentSection: md(plan.content),
      gallery: layout.gallery.map((kind, i) => image("gallery", "landscape", kind, i + 1)),
      quote: quote(plan.quote.text, plan.quote.role),
      theOutcome: md(plan.outcome),
      smallProject: plan.small ? "yes" : "no",
      absoluteHeader: plan.absoluteHeader ? "yes" : "no",
      seoTitle: plan.seo.title,
      seoDescription: plan.seo.description,
      seoKeywords: plan.seo.keywords,
    };
    if (layout.fullWidth) fields.fullWidthImages = [image("wide", "wide", layout.fullWidth, 1)];
    if (layout.fullWidth2) fields.fullWidthImages2 = [image("wide", "wide", layout.fullWidth2, 2)];
    if (layout.images3) fields.images3 = layout.images3.map((kind, i) => image("trio", "portrait", kind, i + 1));
    if (plan.website) fields.website = plan.website;
    if (plan.logo) {
      const wordmark =
        plan.logo === site.slug ? ownMark : clients.find((client) => client.slug === plan.logo)?.wordmark;
      if (!wordmark) throw new Error(`No wordmark for ${plan.logo}`);
      fields.logo = store.image({
        id: `logo-${plan.logo}`,
        path: `logos/${plan.logo}.svg`,
        title: `${plan.client} logo`,
        description: `${plan.client} wordmark`,
        wordmark,
        colour: on(plan.colour),
      });
    }
    store.entry("singleProject", `project-${plan.slug}`, fields);
  }
}
