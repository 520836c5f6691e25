import { site } from "../../src/shared/site.ts";
import { palette } from "./colour.ts";
import { drawn, type Kind } from "./plans.ts";
import { md } from "./rich-text.ts";
import type { Store } from "./store.ts";

/**
 * The service pages: the five the home page links to and the ten of the services overview (branding and web
 * design are shared). Mock-ups show the sample site's independent clients; carousels reuse case-study covers.
 */

interface ServicePlan {
  slug: string;
  title: string;
  subHeading: string;
  colour: string;
  accent: string;
  stats: [string, string, string];
  statsDescription: [string, string, string];
  left: string;
  right: string;
  accordions: [string, string][];
  mainStatement: string;
  seo: { title: string; description: string; keywords: string[] };
  /** Who the mock-ups are for, and what they say. */
  art: { name: string; headlines: string[]; products?: string[]; words?: string[]; figures?: [string, string, string] };
  twoImages: [Kind, Kind];
  accordionImage: Kind;
  /** Case studies whose covers make the carousel. */
  carousel: string[];
}

const servicePlans: ServicePlan[] = [
  {
    slug: "design",
    title: "Design",
    subHeading: "Graphic design, branding and print that make people stop scrolling.",
    colour: "#141414",
    accent: "#c8321b",
    stats: ["20+", "2000+", "235"],
    statsDescription: ["Years of design experience", "Projects completed", "Happy clients"],
    left: `Design is not decoration. It is the quickest way to tell someone who you are, what you do and why they
      should care. We do it with big ideas, sharp type and a healthy dislike of clip art.`,
    right: `From a single logo to a full campaign, every job gets the same treatment: a clear brief, a strong idea and
      craft all the way down to the kerning. Then we make sure it works everywhere it has to: screen, print, shop
      window and the side of a van.`,
    accordions: [
      [
        "Graphic design",
        `Brochures, reports, adverts, menus, signage: if it needs to look good and be read, we design it. See
        [graphic design](/service/graphic-design) for the full list.`,
      ],
      [
        "Branding & identity",
        `Names, logos, colour, type and the rules that hold them together. A brand is a promise; we make it look
        like one you will keep. More on [branding](/service/branding).`,
      ],
      [
        "Print & packaging",
        `We design for paper, board and tin as carefully as for screens, and we check every proof before it goes
        near a press. See [print design](/service/print-design) and [packaging](/service/packaging).`,
      ],
      [
        "Campaigns & advertising",
        `One idea, stretched across every format it needs: billboards, social, email, point of sale. Consistent
        enough to recognise, varied enough to keep looking at.`,
      ],
      [
        "Design systems",
        `Templates, components and guidelines that let your team make good-looking things without us. We would
        miss you, but we would be proud.`,
      ],
    ],
    mainStatement: "We design for the second glance: the one that turns a passer-by into a customer.",
    seo: {
      title: "Design Services Derby | Graphic Design, Branding & Print | Gritstone",
      description:
        "Graphic design, branding, print and campaigns from a Derby design agency with over 20 years of experience and 2000+ projects completed.",
      keywords: ["design agency Derby", "graphic design", "branding", "print design", "creative agency"],
    },
    art: { name: site.name, headlines: ["Say no to mediocre.", "Yes, no, or wow?", "Design that works."] },
    twoImages: ["posters", "specimen"],
    accordionImage: "pattern",
    carousel: ["gritstone", "dennis-group", "bowmer-kirkland", "warmies", "branding"],
  },
  {
    slug: "web-design",
    title: "Web Design",
    subHeading: "Websites that look the part, load fast and turn visitors into enquiries.",
    colour: "#1d4ed8",
    accent: "#fbbf24",
    stats: ["600+", "98%", "1.2s"],
    statsDescription: ["Websites launched", "Launched on the agreed date", "Median load time on a phone"],
    left: `Your website is your hardest-working salesperson. It never sleeps, never takes a holiday and talks to
      more people in a week than you do in a year. It should probably look the part.`,
    right: `We design sites around what your visitors need to do, not around your org chart. Every page has a job,
      every job has a button, and everything works beautifully on the phone in your customer's hand.`,
    accordions: [
      [
        "Discovery & planning",
        `We start with your customers: who they are, what they are looking for and what stops them buying. Then we
        plan a site map and content that answers them, before anyone opens a design file.`,
      ],
      [
        "Design that converts",
        `Clear hierarchy, generous space and calls to action that do not need hunting for. We design mobile first,
        then let it breathe on bigger screens.`,
      ],
      [
        "Built to be found",
        `Sensible structure, fast pages, proper headings and metadata on every page. Search engines like the same
        things people do: clarity and speed.`,
      ],
      [
        "Accessible to everyone",
        `Every site we build aims for WCAG 2.2 AA: readable contrast, keyboard navigation, real labels and text that
        makes sense to a screen reader. It is the law in plenty of places and good manners everywhere.`,
      ],
      [
        "Launch & look after",
        `We launch when it is ready, not when it is nearly ready, and stay on hand afterwards for updates, hosting and
        maintenance. See [web development](/service/web-development) for the technical side.`,
      ],
    ],
    mainStatement: "A website should be your best salesperson, not your most expensive brochure.",
    seo: {
      title: "Web Design Derby | Fast, Accessible Websites | Gritstone",
      description:
        "Web design from a Derby agency: mobile-first, accessible websites that load fast and turn visitors into enquiries. 600+ websites launched.",
      keywords: ["web design Derby", "website design", "responsive web design", "accessible websites", "web agency"],
    },
    art: {
      name: "Little Grebe",
      headlines: ["Seasonal kitchen, open daily.", "Book a table.", "Lunch, properly."],
    },
    twoImages: ["browser", "phones"],
    accordionImage: "phones",
    carousel: ["prym-health", "propfirmtrader", "drivenmedia", "vetcare-at-home", "best-of-south-west-ldn"],
  },
  {
    slug: "branding",
    title: "Branding",
    subHeading: "Identities with backbone: names, logos and the rules that make them stick.",
    colour: "#7c2d12",
    accent: "#fb923c",
    stats: ["350+", "12", "1"],
    statsDescription: ["Brand identities designed", "Weeks from workshop to launch, typically", "Idea per brand"],
    left: `A brand is what people say about you when you have left the room. Your logo, colours and words are how
      you get a say in it. We make sure they all say the same thing, and say it well.`,
    right: `We start with a workshop, not a sketchbook: who you are for, who you are up against and what you want to be
      famous for. The identity comes from the answers, so it is built to last longer than a trend.`,
    accordions: [
      [
        "Brand strategy",
        `Positioning, audience, personality and a one-line proposition you can actually say out loud. The thinking
        that stops the design from being a guess.`,
      ],
      [
        "Naming",
        `New company, product or range? We generate, test and shortlist names, then check they are available where
        it matters before you fall in love with one.`,
      ],
      [
        "Logo & identity",
        `A wordmark, a symbol, a palette, a type pairing and a system for using them. Designed to work at the size of
        a favicon and the size of a building.`,
      ],
      [
        "Brand guidelines",
        `From a one-page guide for a start-up to a full brand book for a group of companies. Written so people
        actually read them, with templates so they do not have to.`,
      ],
      [
        "Rollout",
        `Stationery, signage, vehicles, uniforms, social profiles and [a website](/service/web-design) to match. A
        brand only works if it turns up everywhere.`,
      ],
    ],
    mainStatement: "A logo is not a brand. But a bad one can certainly ruin a good one.",
    seo: {
      title: "Branding Agency Derby | Logo Design & Brand Identity | Gritstone",
      description:
        "Brand strategy, naming, logo design and brand guidelines from a Derby branding agency. Identities with backbone, built to outlast trends.",
      keywords: ["branding agency Derby", "logo design", "brand identity", "brand guidelines", "brand strategy"],
    },
    art: {
      name: "Derwent & Dove",
      headlines: ["Small batch. Big character.", "Distilled in Derbyshire.", "Raise a glass."],
    },
    twoImages: ["stationery", "swatches"],
    accordionImage: "specimen",
    carousel: ["branding", "dennis-group", "vetcare-at-home", "drivenmedia", "project-wingman"],
  },
  {
    slug: "marketing",
    title: "Marketing",
    subHeading: "Campaigns, content and ads that get your brand in front of the right people.",
    colour: "#0e7490",
    accent: "#f472b6",
    stats: ["4.2x", "180+", "30"],
    statsDescription: ["Average return on ad spend", "Campaigns run", "Days to the first report"],
    left: `Great design nobody sees is a very expensive secret. Marketing is how the right people find you, and keep
      finding you until they are ready to buy.`,
    right: `We plan campaigns around your numbers, not our favourite channels. Search, social, email or a billboard on
      the ring road: whatever reaches your customers for the least money, measured properly every month.`,
    accordions: [
      [
        "Strategy & planning",
        `Who we are talking to, what we want them to do and how we will know it worked. A one-page plan with
        budgets, channels and targets, agreed before we spend a penny.`,
      ],
      [
        "Paid search & social",
        `Google, Meta, LinkedIn and TikTok ads, built and managed by people who read the numbers every day and change
        what is not working.`,
      ],
      [
        "Content & email",
        `Articles, guides, newsletters and automated emails that are actually useful. Helpful content earns trust;
        trust earns enquiries.`,
      ],
      [
        "Search engine optimisation",
        `Technical fixes, content that answers real questions and local listings that put you on the map. Slow and
        steady, and it keeps paying back.`,
      ],
      [
        "Reporting that makes sense",
        `A monthly report in plain English: what we did, what happened and what we will do next. No vanity metrics,
        no forty-page PDFs.`,
      ],
    ],
    mainStatement: "If it cannot be measured, we will not ask you to pay for it twice.",
    seo: {
      title: "Digital Marketing Agency Derby | Ads, SEO & Content | Gritstone",
      description:
        "Digital marketing from Gritstone in Derby: paid search and social, SEO, content and email campaigns, reported every month in plain English.",
      keywords: ["digital marketing Derby", "marketing agency", "PPC", "SEO", "social media advertising"],
    },
    art: {
      name: "Wildpeak",
      headlines: ["Get outside. Properly.", "Kit for wild weekends.", "New season, new trails."],
      words: ["Get outside", "New season", "Trail ready", "Weekend plans"],
      figures: ["+38%", "4.2x", "12.4k"],
    },
    twoImages: ["dashboard", "billboard"],
    accordionImage: "social",
    carousel: ["drivenmedia", "warmies", "project-wingman", "adidas", "propfirmtrader"],
  },
  {
    slug: "web-development",
    title: "Web Development",
    subHeading: "Fast, secure, accessible websites and web apps, built properly and looked after.",
    colour: "#1e293b",
    accent: "#22d3ee",
    stats: ["99.9%", "<1s", "24h"],
    statsDescription: ["Uptime across hosted sites", "Typical page load on a phone", "Response to support requests"],
    left: `A beautiful design is only half a website. The other half is the code: how fast it loads, how safe it is,
      how easy it is to update and whether it still works when a thousand people turn up at once.`,
    right: `We build with modern, well-supported tools and write code our future selves will thank us for. Content
      management that your team can use, integrations that do not fall over and hosting that we monitor around the
      clock.`,
    accordions: [
      [
        "Custom websites",
        `Hand-built from the design up: server-rendered for speed, lean on JavaScript and tuned so every page passes
        Core Web Vitals on a real phone.`,
      ],
      [
        "Content management",
        `Headless CMS set-ups like Contentful, or a traditional CMS when that suits you better. Either way, your team
        edits the words without breaking the design.`,
      ],
      [
        "Web applications",
        `Booking systems, portals, calculators and dashboards. If your business runs on a spreadsheet that everybody
        is scared of, we can probably turn it into something better.`,
      ],
      [
        "Integrations",
        `CRMs, payment providers, stock systems and email platforms, wired together so data goes where it should
        without anyone copying and pasting.`,
      ],
      [
        "Hosting & maintenance",
        `Secure hosting, daily backups, updates and monitoring. When something looks odd at 3am, we know before you
        do. Pair it with [web design](/service/web-design) and you are sorted.`,
      ],
    ],
    mainStatement: "Quick to load, hard to break, easy to update. Pick all three.",
    seo: {
      title: "Web Development Derby | Websites, Web Apps & Hosting | Gritstone",
      description:
        "Web development from Gritstone in Derby: fast, secure, accessible websites, web apps, CMS integrations, hosting and maintenance.",
      keywords: ["web development Derby", "web developers", "headless CMS", "web applications", "website hosting"],
    },
    art: {
      name: "Kinder Cycles",
      headlines: ["Book a service in 30 seconds.", "Ride further.", "Workshop slots this week."],
      figures: ["0.8s", "99.9%", "A+"],
    },
    twoImages: ["browser", "dashboard"],
    accordionImage: "phones",
    carousel: ["propfirmtrader", "prym-health", "dennis-group", "gritstone", "percys-pet-products"],
  },
  {
    slug: "graphic-design",
    title: "Graphic Design",
    subHeading: "Brochures, reports, adverts and everything in between, designed to be read.",
    colour: "#6d28d9",
    accent: "#fde047",
    stats: ["900+", "48h", "0"],
    statsDescription: [
      "Print and digital pieces a year",
      "Typical first-draft turnaround",
      "Templates from a stock site",
    ],
    left: `Graphic design is where ideas meet deadlines. A report that people finish, a poster that people photograph,
      an advert that people remember: that is the job.`,
    right: `We bring the same care to a flyer as to a flagship campaign, because the flyer is often what your customer
      actually holds. Strong layouts, honest type and images that earn their place.`,
    accordions: [
      [
        "Brochures & reports",
        `Annual reports, sales brochures, prospectuses and impact reports, designed so the important bit is the bit
        people read.`,
      ],
      [
        "Advertising",
        `Press, outdoor, digital display and social ads, with versions for every size the media plan throws at us.`,
      ],
      [
        "Infographics",
        `Complicated numbers made simple. We turn data into charts and diagrams that make the point in a glance.`,
      ],
      [
        "Presentations",
        `Slide templates and pitch decks that make your team look sharp, built so anyone can add a slide without
        breaking it.`,
      ],
      [
        "Signage & events",
        `Exhibition stands, wayfinding, banners and event branding, designed for the distance they will be read from.`,
      ],
    ],
    mainStatement: "Nobody ever framed a flyer. Until we designed one.",
    seo: {
      title: "Graphic Design Derby | Brochures, Reports & Adverts | Gritstone",
      description:
        "Graphic design from Gritstone in Derby: brochures, reports, adverts, infographics, presentations and signage, designed to be read.",
      keywords: ["graphic design Derby", "graphic designer", "brochure design", "report design", "advert design"],
    },
    art: {
      name: "Tideswell Tea",
      headlines: ["Three blends. No nonsense.", "Brewed in the Peak.", "Put the kettle on."],
    },
    twoImages: ["posters", "pattern"],
    accordionImage: "specimen",
    carousel: ["bowmer-kirkland", "adidas", "sc-johnson", "dennis-group", "gritstone"],
  },
  {
    slug: "photography",
    title: "Photography",
    subHeading: "Product, people and places, shot to fit your brand rather than a stock library.",
    colour: "#3f3f46",
    accent: "#f59e0b",
    stats: ["15k+", "1", "5 days"],
    statsDescription: ["Images delivered", "In-house studio in Derby", "From shoot to edited selects"],
    left: `Stock photos are the fastest way to look like everyone else. Your own photography shows the real product,
      the real team and the real place, and people can tell the difference.`,
    right: `We plan every shoot around where the pictures will be used: web banners need space for words, product
      pages need consistent angles, social needs variety. Then we shoot, edit and deliver in every size you need.`,
    accordions: [
      [
        "Product photography",
        `Clean packshots on white, styled lifestyle shots and detail close-ups, lit consistently across the whole
        range in our Derby studio.`,
      ],
      [
        "People & headshots",
        `Team portraits that look like the same company took them on the same day, because we did. Relaxed, natural
        and nobody has to hold a pen awkwardly.`,
      ],
      [
        "Places & interiors",
        `Shops, offices, restaurants and finished building projects, shot when the light is right.`,
      ],
      [
        "Art direction",
        `Shot lists, mood boards, props, models and locations, planned so the shoot day runs on time and the
        pictures match the brand.`,
      ],
      [
        "Editing & delivery",
        `Colour correction, retouching and cropping for every channel, delivered in web and print resolutions. See
        [image editing](/service/image-editing) for the finishing touches.`,
      ],
    ],
    mainStatement: "One good photograph does the work of a thousand words of copy. We have tried both.",
    seo: {
      title: "Photography Derby | Product, Headshot & Brand Photography | Gritstone",
      description:
        "Brand photography from our Derby studio: product packshots, team headshots, interiors and art-directed shoots, edited and delivered fast.",
      keywords: [
        "photographer Derby",
        "product photography",
        "headshots",
        "brand photography",
        "commercial photography",
      ],
    },
    art: { name: "Trent Valley Physio", headlines: ["Move better.", "Book an assessment.", "Back on your feet."] },
    twoImages: ["stillLife", "cover"],
    accordionImage: "stillLife",
    carousel: ["vetcare-at-home", "percys-pet-products", "warmies", "sc-johnson", "bowmer-kirkland"],
  },
  {
    slug: "packaging",
    title: "Packaging",
    subHeading: "Packs that win the shelf, survive the post and look good on the kitchen counter.",
    colour: "#166534",
    accent: "#facc15",
    stats: ["400+", "3s", "100%"],
    statsDescription: ["Packs on shelves", "To win a shopper's eye", "Artwork checked against the printer's spec"],
    left: `On the shelf, your pack has about three seconds to get picked up. Online, it has a thumbnail. At home, it has
      to earn its place on the counter. Good packaging does all three.`,
    right: `We design ranges as systems, so a new flavour is a template, not a redesign. And we sweat the dull bits:
      dielines, barcodes, allergens, recycling marks and the legal text that nobody reads until it is wrong.`,
    accordions: [
      [
        "Range architecture",
        `How your products sit together: families, colours, hierarchy and naming, so shoppers find the right one
        without reading the back.`,
      ],
      [
        "Pack design",
        `Boxes, pouches, labels, tins, sleeves and bottles, designed in 3D from the start so nothing gets lost round
        the corner.`,
      ],
      [
        "Sustainable choices",
        `We help you pick materials and finishes that look premium without the guilt: mono-materials, fewer inks and
        less plastic.`,
      ],
      [
        "Artwork & print management",
        `Print-ready artwork for every size and supplier, checked against the dieline, the spec and the regulations.
        Then we sign off the proofs.`,
      ],
      [
        "Unboxing & ecommerce",
        `Mailer boxes, tissue, inserts and thank-you cards for the moment your customer opens the parcel. It is the
        best advert you will ever get. See [ecommerce](/service/ecommerce).`,
      ],
    ],
    mainStatement: "Packaging is the only advert your customer pays for. Make it one they keep.",
    seo: {
      title: "Packaging Design Derby | Boxes, Labels & Ranges | Gritstone",
      description:
        "Packaging design from Gritstone in Derby: range architecture, boxes, pouches and labels, sustainable choices and print-ready artwork.",
      keywords: ["packaging design Derby", "label design", "product packaging", "packaging agency", "box design"],
    },
    art: {
      name: "Blackbrook",
      headlines: ["Proper milk, from down the road.", "Fresh from the farm.", "Churned this morning."],
      products: ["Whole milk", "Salted butter", "Clotted cream"],
    },
    twoImages: ["packaging", "stillLife"],
    accordionImage: "packaging",
    carousel: ["percys-pet-products", "warmies", "sc-johnson", "branding", "adidas"],
  },
  {
    slug: "ux-design",
    title: "UX Design",
    subHeading: "Research, prototypes and testing, so your site or app makes sense the first time.",
    colour: "#4338ca",
    accent: "#34d399",
    stats: ["70+", "5", "40%"],
    statsDescription: [
      "Products researched and tested",
      "Users find most of the problems",
      "Fewer support calls, typically",
    ],
    left: `If people need instructions to use your website, the website is wrong, not the people. UX design is how we
      find out where they get stuck, and fix it before it costs you customers.`,
    right: `We watch real people use real prototypes, then change what confuses them. It is cheaper to move a button
      in a prototype than in production, and much cheaper than losing the sale.`,
    accordions: [
      [
        "User research",
        `Interviews, surveys and analytics reviews that tell us who your users are, what they are trying to do and
        what gets in their way.`,
      ],
      [
        "Information architecture",
        `Navigation, labels and page structure that match how your customers think, tested with card sorts and tree
        tests rather than guesswork.`,
      ],
      [
        "Wireframes & prototypes",
        `Clickable prototypes you can try on your own phone within days, not months. Cheap to change, quick to learn
        from.`,
      ],
      [
        "Usability testing",
        `Five people, one prototype, one afternoon. It finds most of the problems, and the recordings settle most of
        the arguments.`,
      ],
      [
        "Accessibility audits",
        `We test with keyboards, screen readers and zoom, and against WCAG 2.2, then give you a fix list ranked by
        impact. Everyone deserves to use your site.`,
      ],
    ],
    mainStatement: "The best interface is the one nobody notices, because it simply works.",
    seo: {
      title: "UX Design Derby | User Research, Prototypes & Testing | Gritstone",
      description:
        "UX design from Gritstone in Derby: user research, information architecture, prototypes, usability testing and accessibility audits.",
      keywords: ["UX design Derby", "user experience", "usability testing", "prototyping", "accessibility audit"],
    },
    art: {
      name: "Oakhurst Dental",
      headlines: ["Book a check-up in three taps.", "Smile. You're booked.", "New patients welcome."],
      figures: ["3 taps", "92%", "-40%"],
    },
    twoImages: ["phones", "browser"],
    accordionImage: "dashboard",
    carousel: ["prym-health", "propfirmtrader", "vetcare-at-home", "project-wingman", "best-of-south-west-ldn"],
  },
  {
    slug: "print-design",
    title: "Print Design",
    subHeading: "Paper, ink and finishes chosen with care, and artwork that arrives print-ready.",
    colour: "#9f1239",
    accent: "#fdba74",
    stats: ["1m+", "0", "60+"],
    statsDescription: ["Printed pieces a year", "Reprints caused by our artwork", "Page documents designed"],
    left: `Print is having a moment. In an inbox full of emails, something you can hold, fold and keep stands out. It
      just has to be designed and produced properly.`,
    right: `We know our GSM from our CMYK. We pick stocks and finishes that suit the job, prepare artwork to each
      printer's spec and check the proofs, so what lands on your desk is what you signed off.`,
    accordions: [
      [
        "Stationery",
        `Business cards, letterheads, compliment slips and envelopes that make a first impression before anyone has
        read a word.`,
      ],
      [
        "Brochures & catalogues",
        `From a four-page leaflet to a 60-page catalogue, with grids and styles your team can update for next year.`,
      ],
      [
        "Posters & large format",
        `Posters, banners, hoardings and exhibition graphics, designed at full size and checked at viewing distance.`,
      ],
      [
        "Finishes",
        `Foils, embossing, spot varnish, uncoated stocks and edge painting. Used with restraint, they turn paper into
        something people keep.`,
      ],
      [
        "Print management",
        `Quotes, proofs, press checks and delivery, handled by us with printers we trust. You get one invoice and no
        surprises.`,
      ],
    ],
    mainStatement: "Nobody has ever kept an email on their fridge.",
    seo: {
      title: "Print Design Derby | Brochures, Stationery & Large Format | Gritstone",
      description:
        "Print design and print management from Gritstone in Derby: stationery, brochures, posters, large format and special finishes, print-ready.",
      keywords: [
        "print design Derby",
        "brochure design",
        "stationery design",
        "large format print",
        "print management",
      ],
    },
    art: {
      name: "Northcote",
      headlines: ["Architecture for living.", "Open studio, Friday.", "Built to be lived in."],
    },
    twoImages: ["stationery", "posters"],
    accordionImage: "specimen",
    carousel: ["bowmer-kirkland", "sc-johnson", "adidas", "gritstone", "dennis-group"],
  },
  {
    slug: "social-media",
    title: "Social Media",
    subHeading: "Feeds worth following: strategy, content and community for brands with something to say.",
    colour: "#be123c",
    accent: "#a5f3fc",
    stats: ["2.5k+", "12", "3x"],
    statsDescription: ["Posts designed a year", "Weeks planned ahead", "Engagement with designed templates"],
    left: `Social media rewards the brands that turn up consistently and have something worth saying. Most businesses
      manage one of the two. We help with both.`,
    right: `We plan content a quarter ahead, design it as a set so your feed looks deliberate, and give your team
      templates for the day-to-day. Then we look at what worked and do more of it.`,
    accordions: [
      [
        "Social strategy",
        `Which platforms, what to say, how often and why. A plan that fits your team's time, not an influencer's.`,
      ],
      [
        "Content creation",
        `Posts, carousels, stories and short videos, designed and written in your brand's voice and planned around
        your calendar.`,
      ],
      [
        "Templates for your team",
        `Editable templates for everyday posts, so your feed stays on-brand on the days we are not posting for you.`,
      ],
      [
        "Community management",
        `Replies, comments and messages handled quickly and in your tone of voice. Social is a conversation, after
        all.`,
      ],
      [
        "Paid social",
        `Targeted ads that reach beyond your followers, with budgets, tests and reports agreed up front. See
        [marketing](/service/marketing) for the bigger picture.`,
      ],
    ],
    mainStatement: "Post less. Say more. Look like you meant it.",
    seo: {
      title: "Social Media Agency Derby | Content, Templates & Ads | Gritstone",
      description:
        "Social media from Gritstone in Derby: strategy, designed content, templates for your team, community management and paid social.",
      keywords: [
        "social media agency Derby",
        "social media management",
        "content creation",
        "Instagram",
        "paid social",
      ],
    },
    art: {
      name: "Harbour Lane",
      headlines: ["Breathe in. Book in.", "New classes this week.", "Slow down, Sunday."],
      words: ["Breathe in", "New classes", "Slow Sunday", "Hello, you"],
      figures: ["3x", "+1.2k", "68%"],
    },
    twoImages: ["social", "phones"],
    accordionImage: "dashboard",
    carousel: ["warmies", "adidas", "project-wingman", "drivenmedia", "best-of-south-west-ldn"],
  },
  {
    slug: "image-editing",
    title: "Image Editing",
    subHeading: "Retouching, cut-outs and colour correction that make good pictures great.",
    colour: "#0f766e",
    accent: "#fda4af",
    stats: ["50k+", "24h", "1px"],
    statsDescription: ["Images edited", "Turnaround for most batches", "Tolerance on our cut-outs"],
    left: `A great photo can be let down by a dusty lens, a wonky horizon or a colour cast that makes your red
      product look orange. Image editing fixes the things the camera could not.`,
    right: `We retouch with a light touch: products look their best, people look like themselves on a good day, and
      nothing looks "photoshopped". Big batches are edited to one standard, so your catalogue looks consistent.`,
    accordions: [
      [
        "Background removal",
        `Clean cut-outs on white, transparent or brand-coloured backgrounds, ready for marketplaces and product pages.`,
      ],
      [
        "Colour correction",
        `Accurate colour matched to the real product, consistent across a whole range and checked on calibrated
        screens.`,
      ],
      [
        "Retouching",
        `Dust, scratches, creases and reflections removed; skin softened, never airbrushed. Natural is the brief
        every time.`,
      ],
      [
        "Compositing",
        `Several shots combined into one: products placed into lifestyle scenes, skies replaced, ranges lined up
        perfectly.`,
      ],
      [
        "Batch processing",
        `Hundreds of images resized, cropped and exported for every channel, named the way your systems expect. See
        [photography](/service/photography) if you need the pictures too.`,
      ],
    ],
    mainStatement: "The best retouching is the kind you would never guess was there.",
    seo: {
      title: "Image Editing & Photo Retouching | Cut-outs & Colour | Gritstone",
      description:
        "Image editing from Gritstone: background removal, colour correction, natural retouching, compositing and batch processing with fast turnaround.",
      keywords: [
        "image editing",
        "photo retouching",
        "background removal",
        "colour correction",
        "product photo editing",
      ],
    },
    art: {
      name: "Quarry & Co.",
      headlines: ["Made by hand. Shot properly.", "Stoneware for everyday.", "New glazes."],
    },
    twoImages: ["stillLife", "pattern"],
    accordionImage: "stillLife",
    carousel: ["percys-pet-products", "warmies", "sc-johnson", "vetcare-at-home", "adidas"],
  },
  {
    slug: "ecommerce",
    title: "Ecommerce",
    subHeading: "Online shops that make buying easy, and make coming back even easier.",
    colour: "#854d0e",
    accent: "#86efac",
    stats: ["150+", "2", "24/7"],
    statsDescription: ["Online shops launched", "Clicks to reorder, at best", "Your shop never closes"],
    left: `An online shop has one job: help people buy the thing they came for, then make them want to come back.
      Everything that gets in the way of that is costing you money.`,
    right: `We design shops around how your customers actually buy: searching, browsing, comparing or just
      reordering. Product pages that answer questions, a checkout with no surprises and emails that bring people
      back.`,
    accordions: [
      [
        "Shop design",
        `Category pages, filters, product pages and baskets designed for the phone first, because that is where most
        of your customers are browsing.`,
      ],
      [
        "Platforms",
        `Shopify, WooCommerce or a headless build: we recommend what suits your range, your team and your budget,
        not what we fancy building.`,
      ],
      [
        "Checkout & payments",
        `Fewer steps, guest checkout, wallets like Apple Pay and Google Pay, and delivery costs shown early. Nobody
        likes a surprise at the till.`,
      ],
      [
        "Subscriptions & retention",
        `Subscriptions, reorder reminders, reviews and loyalty, set up so your best customers keep coming back.`,
      ],
      [
        "Product content",
        `Photography, descriptions and size guides that answer the questions before they become returns. See
        [packaging](/service/packaging) for what arrives at the door.`,
      ],
    ],
    mainStatement: "Every extra click at checkout is a customer thinking about it. Do not let them think.",
    seo: {
      title: "Ecommerce Web Design Derby | Shopify & Online Shops | Gritstone",
      description:
        "Ecommerce design and development from Gritstone in Derby: online shops, Shopify and headless builds, fast checkouts and subscriptions.",
      keywords: [
        "ecommerce web design Derby",
        "Shopify agency",
        "online shop design",
        "ecommerce development",
        "WooCommerce",
      ],
    },
    art: {
      name: "Ashford Bakehouse",
      headlines: ["Fresh bread, delivered Saturday.", "Order by Thursday.", "Sourdough subscriptions."],
      figures: ["2 clicks", "+27%", "4.9/5"],
    },
    twoImages: ["browser", "phones"],
    accordionImage: "packaging",
    carousel: ["percys-pet-products", "warmies", "propfirmtrader", "best-of-south-west-ldn", "sc-johnson"],
  },
];

export function defineServices(store: Store): void {
  for (const plan of servicePlans) {
    const colours = palette(plan.colour, plan.accent);
    const words = {
      ...plan.art,
      kicker: `${site.name} — Services`,
      footer: `${plan.stats[0]} ${plan.statsDescription[0]}`,
    };
    let index = 0;
    const image = (field: string, size: "wide" | "tall", kind: Kind, n: number, description?: string) =>
      drawn(store, {
        id: `service-${plan.slug}-${field}-${n}`,
        path: `services/${plan.slug}/${field}-${n}.webp`,
        size,
        kind,
        words: kind === "cover" && field === "hero" ? { ...words, name: plan.title } : words,
        palette: colours,
        subject: field === "hero" ? plan.title : plan.art.name,
        index: index++,
        description,
      });
    const accordions: Record<string, unknown> = {};
    plan.accordions.forEach(([title, content], i) => {
      accordions[`accordionTitle${i + 1}`] = title;
      accordions[`accordionContent${i + 1}`] = md(content);
    });
    store.entry("singleServices", `service-${plan.slug}`, {
      slug: plan.slug,
      title: plan.title,
      subHeading: plan.subHeading,
      servicesHero: image("hero", "wide", "cover", 1),
      stats: plan.stats,
      statsDescription: plan.statsDescription,
      servicesTwoImages: plan.twoImages.map((kind, i) => image("image", "tall", kind, i + 1)),
      leftText: md(plan.left),
      rightText: md(plan.right),
      ...accordions,
      accordionImage: image("accordion", "tall", plan.accordionImage, 1),
      mainStatement: plan.mainStatement,
      carousel: plan.carousel.map((slug) => store.use(`${slug}-featured-1`)),
      seoTitle: plan.seo.title,
      seoDescription: plan.seo.description,
      seoKeywords: plan.seo.keywords,
    });
  }
}
