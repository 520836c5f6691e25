import { site } from "../../src/shared/site.ts";
import { palette } from "./colour.ts";
import { drawn, type Kind } from "./plans.ts";
import { md } from "./rich-text.ts";
import type { Store } from "./store.ts";

/**
 * The journal: useful articles an agency would publish, dated over the last eighteen months. Bodies are
 * Markdown-lite (scripts/content/rich-text.ts); `![[inline]]` marks where the post's inline image sits.
 */

interface PostPlan {
  slug: string;
  title: string;
  category: string[];
  date: string;
  tags: string[];
  colour: string;
  accent: string;
  intro: string;
  body: string;
  seo: { title: string; description: string; keywords: string[] };
  /** Who the artwork is for and what it says. */
  art: { name: string; headlines: string[]; products?: string[]; words?: string[]; figures?: [string, string, string] };
  featured: Kind;
  internal: Kind;
  inline: { kind: Kind; description: string };
}

const postPlans: PostPlan[] = [
  {
    slug: "how-much-does-a-website-cost-uk",
    title: "How much does a website cost in the UK in 2026?",
    category: ["Web Design"],
    date: "2026-11-10",
    tags: ["Web Design", "Pricing", "Small Business"],
    colour: "#1d4ed8",
    accent: "#fbbf24",
    intro: `"How much is a website?" is the question we are asked most, and "it depends" is the answer everybody
      hates. So here are real numbers, what moves them, and how to tell a fair quote from a fairy tale.`,
    body: `## The short answer
      A website costs anywhere from a few hundred pounds to well into five figures. That range is not us being
      evasive: it covers everything from a single page you could build over a weekend to a shop with thousands of
      products wired into a stock system. What matters is which end of it your business actually needs.

      Here is what we see across the projects that come through our door in Derby, with budgets that match the
      options on our [enquiry form](/contact):

      - **One-page website, £500 to £1,500.** A single, well-designed page for a new business, an event or a
        product launch. Quick to build, easy to update and perfectly respectable.
      - **Brochure website, £3,000 to £7,500.** Five to twenty pages explaining who you are, what you do and how to
        get in touch. The workhorse of small business websites.
      - **Ecommerce website, £5,000 to £10,000 and up.** A proper online shop with product pages, a basket, payments
        and delivery rules. Subscriptions, integrations and big catalogues push it higher.

      ## What actually moves the price
      Pages are the obvious driver, but rarely the biggest. Three things matter far more than the page count.

      The first is **how much is custom**. A theme with your logo on it is cheap because most of the work was done
      for someone else. A design built around your customers costs more because someone is thinking about your
      business for weeks, not hours. The second is **content**. Copywriting, photography and product descriptions
      take time, and someone has to produce them. If that someone is us, it is in the quote. The third is
      **integrations**: booking systems, CRMs, stock control and payment providers all need connecting, testing and
      looking after.

      ![[inline]]

      ## The costs nobody mentions in the first meeting
      The build is not the whole bill. Budget for these too, every year:

      1. Hosting, usually £10 to £60 a month for a small business site with backups and monitoring.
      2. Your domain name, which is a few pounds a year unless you want something very short and very popular.
      3. Maintenance: software updates, security patches and the odd tweak. Around £50 to £200 a month, depending on
         how much changes.
      4. Your own time. Somebody has to write the words, approve the designs and keep the news page from going stale.

      A quote without ongoing costs is not a cheaper quote. It is a quote with the hard part left out.

      ## How to compare quotes fairly
      Put three quotes side by side and they will rarely describe the same thing. Before you compare prices, make
      them comparable. Ask every agency the same questions: who writes the content, how many rounds of changes are
      included, who owns the design and the code when it is done, what hosting costs, and what happens if you want
      to move elsewhere later.

      > The cheapest quote is often the one that has not understood the job yet. The most expensive one sometimes
      > has not listened either. Look for the quote that repeats your problem back to you.

      Look at their recent work on a phone, not just their portfolio images. Check how fast their own site loads
      with Google's free [PageSpeed Insights](https://pagespeed.web.dev/). Ask to speak to a client from a year ago:
      whether the site still works and whether the agency still answers the phone tells you more than any pitch
      deck.

      ## Templates, page builders and bespoke builds
      There are three broad ways to get a website, and they price very differently. A **template** on a hosted
      platform is the cheapest start: you pay a monthly fee and fill in the blanks. It is a sensible choice for a new
      business testing an idea, as long as you accept that your site will look like plenty of others.

      A **page builder** site, put together by an agency from a flexible theme, sits in the middle. You get more
      control and a more polished result, but the site often carries the weight of every feature the theme offers,
      which can make it slow.

      A **bespoke build** is designed around your customers and built with only the code it needs. It costs more up
      front, but it is usually faster, easier to grow and cheaper to keep secure, because there is less of it to
      look after. For a business that relies on its website for enquiries or sales, it tends to pay for itself.

      ## Where the money is best spent
      If your budget is tight, spend it on the things visitors notice and the things that are hard to change later.
      A clear structure, good photography and fast, accessible pages will outlast any trendy animation. Fancy
      features can come in phase two, once real customers have told you what they actually need.

      And if you are not sure which end of the range you belong at, tell us your budget on our
      [enquiry form](/contact). We will tell you honestly what it buys, even if the answer is "start smaller". Read
      more about how we approach [web design](/service/web-design).`,
    seo: {
      title: "How Much Does a Website Cost in the UK in 2026? | Gritstone",
      description:
        "Real UK website prices for 2026: one-page sites, brochure sites and online shops, the costs nobody mentions and how to compare quotes fairly.",
      keywords: ["website cost UK", "how much is a website", "web design prices", "ecommerce website cost"],
    },
    art: { name: "Little Grebe", headlines: ["Seasonal kitchen, open daily.", "Book a table."] },
    featured: "browser",
    internal: "phones",
    inline: {
      kind: "dashboard",
      description: "A dashboard showing a website's build budget split across design, content and integrations.",
    },
  },
  {
    slug: "seven-weeks-rebranding-ourselves",
    title: "Seven weeks rebranding ourselves: what we learned",
    category: ["Studio", "Branding"],
    date: "2026-09-08",
    tags: ["Studio News", "Branding", "Behind the Scenes"],
    colour: "#c8321b",
    accent: "#141414",
    intro: `We promised ourselves six weeks. It took seven. Here is what happened when a design studio became its own
      most demanding client, and what we would tell any business about to do the same.`,
    body: `## Why we did it at all
      Our old brand was not broken. It was polite, competent and completely forgettable, which for a design agency
      is roughly the same thing. Clients kept telling us our work was bolder than our website. When your customers
      notice the gap, it is time.

      We set three rules before anyone touched a pencil. We would treat ourselves like a paying client, with a brief,
      a deadline and sign-off meetings. We would not spend more than six weeks. And if we would not sell an idea to a
      client, we would not keep it for ourselves.

      ## Week one: the brief we did not want to write
      Writing your own brief is uncomfortable. You find out quickly how many things you believe about yourself that
      you have never said out loud. Ours ended up one sentence long: _make it look like us on our best day._

      Behind that sentence sat a workshop with the whole team, a wall of sticky notes and an honest list of words we
      never wanted to be called again. "Nice" was on it. So was "corporate".

      ## Weeks two to four: too many ideas
      We generated more than forty routes. Most were fine. A few were clever. One made everyone in the room go quiet,
      which is the reaction we wait for with clients too. It was the simplest: one red, warm paper, near-black ink and
      big, confident type.

      ![[inline]]

      The name stayed. Gritstone is the hard-wearing rock of the Peak District, the stuff of millstones and
      dry-stone walls, and we liked being named after something useful. The grain you see in all of our artwork is a
      nod to its texture.

      ## Weeks five to seven: the boring bits that matter
      A brand is not a logo; it is every place the logo turns up. So we worked through the list that clients always
      underestimate:

      - email signatures, invoices and proposal templates
      - social profiles and post templates
      - signage for the studio and the door
      - the website, which is the biggest job and the one people see first

      The website took the extra week. We rebuilt it so it is fast, works without JavaScript and reads properly with
      a screen reader. We checked every colour pair against the [WCAG contrast
      guidelines](https://www.w3.org/TR/WCAG22/), because good design that some people cannot read is not good
      design.

      ## What surprised us
      Three things caught us out, and they catch clients out too. The first was how long the words took. We had
      planned for the design to be the hard part, but writing a homepage that sounded like us, short, plain and a
      little cheeky, took longer than drawing the logo.

      The second was how many decisions hid in the detail. How big is the logo on an invoice? What colour is a
      disabled button? Which photograph goes on the contact page? None of these are glamorous, and all of them are
      where a brand either holds together or quietly falls apart.

      The third was how much the team cared. Once people saw the new identity on real things, business cards, a
      proposal, the studio door, they started using it properly without being asked. A brand people are proud of
      polices itself.

      ## The launch
      We did not flip a switch at midnight and hope people noticed. We told our clients first, with a short note
      explaining why we had changed and what stayed the same: the people, the phone number and the habit of
      answering it. Then we updated the website, the social profiles and the studio sign on the same morning, so
      nobody saw half of the old brand and half of the new one.

      We also kept a list of every place the old logo lived, from supplier portals to a forgotten directory listing,
      and worked through it over the following month. There were ninety-three entries. We found the last one in a
      printer's template folder, which is exactly where you would expect it to be.

      ## What we would tell you
      > Rebranding is not about changing how you look. It is about finally looking like what you already are.

      If you are thinking about a rebrand, here is the advice we wish we had taken in week one:

      1. Write the brief first, and make it short enough to remember.
      2. Decide who signs it off, and keep that number small. Committees make beige.
      3. Budget time for the boring applications, not just the logo.
      4. Launch it properly. Tell people why you changed, not just that you did.

      You can see the result in our [own case study](/project/${site.slug}), or read about how we approach
      [branding](/service/branding) for clients. And yes, we would happily do it for you in seven weeks too. Maybe
      even six.`,
    seo: {
      title: "Seven Weeks Rebranding Ourselves: What We Learned | Gritstone",
      description:
        "A Derby design studio becomes its own client: the brief, forty routes, one red and the boring bits that matter. Lessons for any rebrand.",
      keywords: ["agency rebrand", "rebranding lessons", "brand identity", "Gritstone"],
    },
    art: {
      name: site.name,
      headlines: ["Say no to mediocre.", "Quintessential British design."],
      words: ["Say no to mediocre", "Yes, no, wow", "Made in Derby", "Hello"],
    },
    featured: "posters",
    internal: "specimen",
    inline: {
      kind: "swatches",
      description: "The Gritstone palette as five swatches: red, deep red, ink, a pale tint and warm paper.",
    },
  },
  {
    slug: "rebrand-or-refresh",
    title: "Rebrand or refresh? Five signs it is time",
    category: ["Branding"],
    date: "2026-08-04",
    tags: ["Branding", "Strategy", "Small Business"],
    colour: "#7c2d12",
    accent: "#fb923c",
    intro: `Not every tired brand needs tearing down. Some need a new coat of paint; others need new foundations.
      Here is how to tell the difference before you spend money on the wrong one.`,
    body: `## Refresh and rebrand are not the same job
      A **refresh** keeps what people recognise and fixes what holds it back: a tidier logo, a stronger palette,
      better typography, templates that stop everyone improvising. A **rebrand** changes the story: who you are for,
      what you stand for, sometimes your name. One is a renovation. The other is a move.

      Most businesses need a refresh more often than they think and a rebrand less often than they fear. The five
      signs below will tell you which one you are looking at.

      ## 1. You have outgrown your first logo
      Plenty of brands start life as something a friend designed in an evening. That is fine for year one. By year
      five, if the logo looks amateur next to the companies you now compete with, it is costing you work. Usually
      this is a refresh: keep the spirit, rebuild the craft.

      ## 2. Your customers have changed
      If you started selling to local families and now sell to national retailers, your brand may be speaking to
      people who are no longer listening. When the audience changes, the story has to change too. That is a rebrand.

      ## 3. Nobody uses the brand the same way twice
      Five versions of the logo, three shades of blue and a different font on every flyer. This is the most common
      problem we see, and the cheapest to fix. A refresh with clear [guidelines](/service/branding) and ready-made
      templates will do more for you than a new identity nobody follows.

      ![[inline]]

      ## 4. You have merged, split or moved into something new
      Mergers, acquisitions and new divisions create brand tangles fast. If customers cannot tell how your businesses
      relate, or which one to call, you need a brand architecture: a master brand and a system for everything under
      it. Our work for [Dennis Group](/project/dennis-group) is a good example of this kind of job.

      ## 5. You are embarrassed to hand over a business card
      Do not underestimate this one. If your team apologises for the website or hides the brochure, the brand is
      affecting how confidently they sell. That is reason enough to act.

      > If you have to explain your brand before you can use it, it is not working hard enough for you.

      ## What each one costs, roughly
      Budgets vary with the size of the business, but the difference in scale is worth knowing before you start. A
      refresh for a small business usually means a few weeks of work: a redrawn logo, a tightened palette and type,
      and a short guide with templates. A rebrand starts with research and strategy, may include naming, and ends
      with rolling the new identity out across everything you own, from signage to vans.

      The rollout is the part people forget. New stationery and a new website are obvious, but uniforms, vehicles,
      signage and packaging can cost more than the design itself. Plan the rollout before you commit, and phase it
      if you need to: digital first, then the things that wear out anyway.

      ## Keep what people already love
      Whichever route you take, protect the things your customers already recognise. That might be a colour, a
      shape, a phrase or simply the name. Recognition takes years to build and minutes to throw away, and loyal
      customers can feel shut out by a change that ignores what they liked about you.

      A good agency will ask what must not change before asking what should. When we refresh a brand we often keep a
      single element, the colour or the symbol, and rebuild everything around it. The result feels new and familiar
      at the same time, which is exactly what you want on the morning it launches.

      ## How to decide
      Start with an honest audit. Lay everything out on one table: website, social, signage, vans, proposals,
      packaging. Then ask three questions:

      - Does it still describe who we are and who we serve?
      - Is it applied consistently everywhere?
      - Would our best customer be proud to be seen with it?

      Two "no" answers to the first question point to a rebrand. "No" to the second or third usually means a
      refresh. If you would like a second pair of eyes on the audit, [get in touch](/contact). We will tell you
      honestly which one you need, even if the answer is "neither, just use what you have properly". The
      [Design Council](https://www.designcouncil.org.uk/) also publishes useful thinking on the value of design if
      you need to make the case internally.`,
    seo: {
      title: "Rebrand or Refresh? Five Signs It Is Time | Gritstone",
      description:
        "How to tell whether your business needs a brand refresh or a full rebrand: five signs, a simple audit and three questions to answer honestly.",
      keywords: ["rebrand", "brand refresh", "when to rebrand", "brand audit", "branding agency"],
    },
    art: { name: "Derwent & Dove", headlines: ["Small batch. Big character.", "Distilled in Derbyshire."] },
    featured: "stationery",
    internal: "pattern",
    inline: {
      kind: "swatches",
      description: "A brand palette laid out as swatches with their hex values, the starting point of a refresh.",
    },
  },
  {
    slug: "accessibility-checklist-small-business-websites",
    title: "Accessibility is not a bolt-on: a checklist for small business websites",
    category: ["Web Design"],
    date: "2026-06-23",
    tags: ["Accessibility", "Web Design", "WCAG"],
    colour: "#4338ca",
    accent: "#34d399",
    intro: `One in five people in the UK has a disability, and many more have a slow connection, a cracked screen or
      bright sunshine on their phone. An accessible website works for all of them. Here is where to start.`,
    body: `## Why it matters more than you think
      Accessibility is often treated as a compliance box, ticked at the end if there is budget left. That is
      backwards. The things that make a site usable with a screen reader or a keyboard also make it faster, clearer
      and easier for everyone. Search engines like them too.

      There is a legal angle as well. Public sector sites in the UK must meet accessibility regulations, and private
      businesses have duties under the Equality Act. The [GOV.UK
      guidance](https://www.gov.uk/guidance/accessibility-requirements-for-public-sector-websites-and-apps) is a
      readable introduction even if you are not a public body.

      ## The ten-minute checklist
      You do not need specialist software to find the most common problems. Open your website and try these:

      1. Unplug your mouse and use only the Tab key. Can you reach every link and button, and can you see where you
         are?
      2. Zoom the page to 200 percent. Does the text still fit, or does it spill off the screen?
      3. Check your text against its background with a [contrast
         checker](https://webaim.org/resources/contrastchecker/). Body text needs a ratio of at least 4.5 to 1.
      4. Look at every image. Does it have alternative text that describes what it shows, or says nothing if it is
         purely decorative?
      5. Fill in your contact form wrongly. Do the error messages say what went wrong and how to fix it?
      6. Turn on your phone's screen reader and listen to your home page. Does it make sense out loud?

      ![[inline]]

      ## The fixes that make the biggest difference
      In our experience a handful of fixes solve most problems on small business sites:

      - **Real headings.** Use one main heading per page and nest the rest properly. Screen reader users jump between
        headings the way sighted people skim.
      - **Labels on every form field.** Placeholder text disappears when you type; a label does not.
      - **Links that make sense on their own.** "Read our pricing guide" beats "click here" every time.
      - **Visible focus.** Never remove the outline on focused elements without designing a better one.
      - **Captions and transcripts** for any video that carries information.

      ## Writing for everyone
      Accessibility is not only about code. Clear writing helps people with cognitive disabilities, people reading in
      a second language and anyone in a hurry, which is most of us. Use short sentences and everyday words. Put the
      most important information first. Break long pages into sections with descriptive headings, and use lists for
      steps and options.

      Be careful with instructions that rely on the senses. "Click the green button on the right" is useless to
      someone who cannot see colour or position. "Select Send enquiry" works for everyone. The same goes for
      error messages: tell people what went wrong and how to fix it, in words, not just with a red outline.

      ## Test with real people
      Checklists and automated tools find many problems, but not all of them. If you can, watch someone who uses
      assistive technology every day try to complete a real task on your site: booking, buying or getting in touch.
      You will learn more in half an hour than in a week of reading guidelines, and you will see which problems
      actually stop people and which ones merely slow them down.

      Keep a simple log of the issues you find, with the page, what went wrong and who it affects. Fix the ones that
      block a task first, then the ones that cause confusion, then the cosmetic ones. Publish an accessibility
      statement that explains what you have done, what you are still working on and how people can contact you if
      something does not work for them.

      ## Building it in from the start
      Retrofitting accessibility is expensive. Designing for it from day one costs almost nothing extra. On every
      [web design](/service/web-design) project we choose colours that pass contrast checks before the first layout,
      write alternative text with the copy, and test with a keyboard and a screen reader before launch.

      > Accessible design is not a special version of your website. It is simply your website, done properly.

      The standard to aim for is [WCAG 2.2](https://www.w3.org/TR/WCAG22/) at level AA. It reads like a legal
      document, but most of it is common sense written carefully.

      ## Where to go next
      If your site fails more than two of the checks above, it is worth a proper audit. Our
      [UX design](/service/ux-design) team can test your site against WCAG 2.2 and give you a fix list ranked by
      impact, so you can start with the changes that help the most people. Small, steady improvements beat a
      perfect plan that never gets started.`,
    seo: {
      title: "Website Accessibility Checklist for Small Businesses | Gritstone",
      description:
        "A ten-minute accessibility check for your website, the fixes that help most people and how to build WCAG 2.2 AA in from the start.",
      keywords: ["website accessibility", "WCAG 2.2", "accessibility checklist", "accessible web design"],
    },
    art: { name: "Oakhurst Dental", headlines: ["Book a check-up in three taps.", "New patients welcome."] },
    featured: "phones",
    internal: "browser",
    inline: {
      kind: "specimen",
      description: "A type specimen showing large, high-contrast letters and figures, the basis of readable text.",
    },
  },
  {
    slug: "what-makes-a-good-logo",
    title: "What makes a good logo? Six tests we put every mark through",
    category: ["Branding"],
    date: "2026-05-12",
    tags: ["Logo Design", "Branding", "Design Process"],
    colour: "#57534e",
    accent: "#ff6b4a",
    intro: `"I'll know it when I see it" is how most people judge a logo. We prefer something more reliable: six
      tests that every mark we design has to pass before a client ever sees it.`,
    body: `## Why taste is not enough
      Taste matters, but it is personal and it changes with the weather. A logo has to work for decades, in places
      nobody thought about when it was drawn. So before we present any mark we run it through the same six tests.
      If it fails one, it goes back to the drawing board, however much we love it.

      ## Test 1: the favicon
      Shrink it to 16 pixels, the size of a browser tab. Can you still recognise it? Fine detail, thin lines and long
      names disappear first. Many great logos have a simplified version for small sizes; the test is whether that
      version still feels like the same brand.

      ## Test 2: the fax
      Print it in one colour, as a bad photocopy would. If the idea depends on a gradient or a particular shade, it
      will fall apart on a rubber stamp, an embroidered polo shirt or a laser-etched product. A strong mark survives
      being reduced to black and white.

      ## Test 3: the side of a van
      Now make it huge and put it on something moving. Does it read from across the road in two seconds? Does it
      still look balanced when it is two metres wide? Many logos that look delicate on screen look weak at scale.

      ![[inline]]

      ## Test 4: the competitor line-up
      Put it next to the logos of your five closest competitors. If it blends in, it has failed, however nice it
      looks on its own. The job of a logo is to be _yours_.

      ## Test 5: the phone call
      Describe it to someone over the phone. "A red square with the name in bold capitals" is memorable. "A sort of
      swooshy thing with three colours" is not. Simple marks are easier to remember, and easier to remember is easier
      to choose.

      ## Test 6: the ten-year question
      Would this still look right in ten years? Trends are fun, but the logos that last are built on simple shapes
      and good type rather than this year's effect. Ask yourself whether it is a fashion or a foundation.

      > A logo does not have to say everything about your business. It has to be unmistakably, consistently yours.

      ## How we run the tests in practice
      None of this needs special equipment. We print marks on cheap paper and pin them to the studio wall, then walk
      to the far end of the room. We drop them into mock-ups of real places: a shop sign, a van, a social profile
      picture, a favicon in a row of browser tabs. We show them to people outside the project for two seconds and
      ask what they remember.

      The results are often humbling. A mark everyone loved on a big screen can turn to mush at small sizes, and a
      plain one nobody noticed can suddenly look confident on a sign. It is much cheaper to find that out in week
      two than after the signs have been made.

      ## Type matters as much as the symbol
      Many logos are mostly words, and the choice of lettering does more work than any symbol. A heavy grotesque
      feels confident and modern; a serif feels established; rounded letters feel friendly. Tight spacing looks bold
      and compact, while wide spacing looks calm and premium.

      We almost always adjust the letters by hand, even when we start from an existing typeface. Spacing is evened
      out so no gap looks bigger than the others, awkward joins are tidied and the weight is balanced so the word
      sits evenly on the page. Most people never notice these changes consciously, but they notice when they are
      missing: the logo just looks slightly off, and they cannot say why.

      ## What a logo does not have to do
      A common mistake is expecting the logo to explain the business. A builder does not need a house in the logo,
      and a vet does not need a paw print. The words, photography and everything around the logo do the explaining.
      The logo's job is recognition.

      When we designed the marks in our [Branding Collection](/project/branding), every one of them had to pass all
      six tests, from the gin distillery to the roofer. If you would like to put your own logo through them, try it
      this afternoon:

      - screenshot it at 16 pixels
      - print it in black only
      - line it up against your competitors

      If it struggles, our [branding](/service/branding) team would be happy to help. If it passes, congratulations:
      leave it alone, and spend your money on using it well.`,
    seo: {
      title: "What Makes a Good Logo? Six Tests for Every Mark | Gritstone",
      description:
        "The six tests a logo must pass before we show it to a client: favicon, fax, van, competitors, phone call and the ten-year question.",
      keywords: ["logo design", "what makes a good logo", "logo tests", "brand identity design"],
    },
    art: { name: "Kestrel", headlines: ["Roofs, done right.", "Small brands, big standards."] },
    featured: "pattern",
    internal: "stationery",
    inline: {
      kind: "billboard",
      description: "A wordmark blown up on a roadside billboard: the 'side of a van' test at full scale.",
    },
  },
  {
    slug: "social-media-templates-stay-on-brand",
    title: "Social media templates: how to stay on-brand without a designer on call",
    category: ["Marketing"],
    date: "2026-03-30",
    tags: ["Social Media", "Templates", "Marketing"],
    colour: "#be123c",
    accent: "#a5f3fc",
    intro: `Your feed is often the first place people meet your brand, and the last place anyone checks the
      guidelines. A good set of templates fixes that, and frees your team to post more with less fuss.`,
    body: `## The problem with posting on the fly
      Most small teams post to social media between other jobs. Someone grabs a photo, picks a font that looks about
      right and hits publish. Do that a few hundred times and your feed looks like it was made by a dozen different
      companies. It does not matter how strong your brand is on paper; on the feed, consistency is the brand.

      Templates solve this without slowing anyone down. They lock in the things that should never change and leave
      room for the things that should.

      ## What a good template set includes
      We usually design somewhere between twelve and forty templates, depending on how often a business posts. A
      typical set covers:

      - announcements and news, with room for a bold headline
      - quotes and testimonials, with space for the person's role and company
      - photo posts with a branded frame or corner mark
      - carousels for tips, how-tos and case studies
      - stories with countdowns, polls and links
      - event promotion with date, time and place in a fixed position

      ![[inline]]

      ## Lock the right things
      A template is only useful if it is hard to break. We lock the logo position, the fonts, the colour palette and
      the margins. What stays editable is the words, the photos and a choice of background colours from the brand
      palette. That balance gives people freedom without giving them enough rope to stretch the logo.

      ## Make the feed, not just the post
      The best template sets are designed as a feed, not as individual posts. Before we finish, we lay out a mock
      grid of nine or twelve posts and check how they look together. Alternating backgrounds, a rhythm of photos and
      type, and one accent colour used sparingly make a feed look deliberate at a glance.

      > People scroll past individual posts. They notice the pattern. Design the pattern.

      ## Write the rules on one page
      Templates work best with a short guide beside them. Ours are never more than a page, and they answer the
      questions people actually ask: which background colours go together, how long a headline can be, when to use
      photos and when to use type, and how to write a caption in the brand's voice.

      Include a few examples of posts that break the rules, with a note on why. People learn faster from a bad
      example next to a good one than from a paragraph of instructions. And name an owner, one person who can say
      yes or no when someone wants to try something new.

      ## Photography is half the feed
      Templates can only do so much with weak photos. Agree a simple photography style: natural light or studio,
      people or products, close-up or wide, warm or cool. Then build a library of images your team can use, shot in
      that style, so nobody has to fall back on stock photography on a busy Tuesday.

      A single day of shooting can give you months of material if you plan it well. Make a shot list from your
      content calendar, capture each subject in portrait and square crops, and leave space in some frames for
      headlines. It is cheaper than it sounds, and it is the quickest way to make a feed look like a brand rather
      than a scrapbook.

      ## Tools that make it easy
      You do not need expensive software. Online design tools with brand kits work well for most teams, and they let
      you share templates with everyone who posts. For bigger teams, a simple brand portal with downloadable
      templates and a one-page guide keeps everybody pointing the same way. Whatever you choose, keep the rules short
      enough that people actually read them.

      ## Train the people who post
      A template set is only as good as the people using it. We run a short session with everyone who posts, showing
      how to pick the right template, swap photos, write headlines that fit and export files at the right size. It
      takes an hour and saves weeks of well-meaning mistakes.

      Keep the session practical. Build three real posts together from next week's calendar, so people leave with
      work they can publish rather than notes they will never read. Record it for new starters, and update it
      whenever the templates change.

      ## Measure, then refine
      After three months, look at what performed. Which template formats got the most saves, shares and comments?
      Which ones did your team avoid using? We review the numbers with clients each quarter, retire the templates
      nobody uses and design new ones for the posts that work. Platforms publish plenty of advice on what they
      reward; [Meta's business help centre](https://www.facebook.com/business/help) is a good starting point.

      Our [social media](/service/social-media) team designs template sets, plans content and can run your feed
      for you. For a real example, see the volunteer story templates we designed for
      [Project Wingman](/project/project-wingman), or the twelve-week cosy season campaign for
      [Warmies](/project/warmies).`,
    seo: {
      title: "Social Media Templates: Stay On-Brand Without a Designer | Gritstone",
      description:
        "What a good social media template set includes, what to lock, how to design the feed rather than the post, and how to refine it over time.",
      keywords: ["social media templates", "on-brand social media", "Instagram templates", "social media design"],
    },
    art: {
      name: "Harbour Lane",
      headlines: ["Breathe in. Book in.", "New classes this week."],
      words: ["Breathe in", "New classes", "Slow Sunday", "Hello, you"],
    },
    featured: "social",
    internal: "phones",
    inline: {
      kind: "social",
      description: "A nine-post social grid built from templates: bold headlines, shapes and quotes in one palette.",
    },
  },
  {
    slug: "core-web-vitals-plain-english",
    title: "Core Web Vitals in plain English",
    category: ["Web Design", "Marketing"],
    date: "2026-02-16",
    tags: ["Performance", "SEO", "Web Development"],
    colour: "#1e293b",
    accent: "#22d3ee",
    intro: `Google measures how your website feels to real visitors and uses the results in its rankings. The three
      measurements have intimidating names. Here is what they mean, and what to do about them.`,
    body: `## What Core Web Vitals are
      Core Web Vitals are three measurements Google collects from real people using real browsers on your website.
      Together they answer three simple questions: does the page load quickly, does it respond quickly, and does it
      stay still while you are using it? Google explains the details on [web.dev](https://web.dev/articles/vitals),
      but the short version fits on a napkin.

      ## Largest Contentful Paint: does it load?
      **Largest Contentful Paint** (LCP) measures how long it takes for the biggest thing on the screen, usually a
      hero image or headline, to appear. Good is under 2.5 seconds.

      The usual culprits are huge images, slow hosting and too many scripts loading before the content. The fixes
      are rarely glamorous:

      - serve images at the size they are shown, in a modern format like WebP or AVIF
      - tell the browser which image matters most, so it loads that one first
      - render pages on the server rather than building them in the browser
      - choose hosting that is close to your visitors

      ## Interaction to Next Paint: does it respond?
      **Interaction to Next Paint** (INP) measures how long the page takes to react when someone taps or clicks.
      Good is under 200 milliseconds. Slow responses usually come from heavy JavaScript: chat widgets, trackers,
      sliders and other add-ons competing for the same processor, which on a budget phone is not very powerful.

      ![[inline]]

      ## Cumulative Layout Shift: does it stay still?
      **Cumulative Layout Shift** (CLS) measures how much the page jumps around as it loads. You have felt this one:
      you go to tap a link and an advert pushes it down, so you tap the wrong thing. Good is a score under 0.1. The
      fix is to reserve space for images, embeds and banners before they load, by giving them a width and height.

      ## How to check your own site
      Paste your address into [PageSpeed Insights](https://pagespeed.web.dev/). The top section shows real data from
      visitors, if your site has enough traffic; the lower section is a lab test you can run any time. Look at the
      mobile results first. Your customers are probably on their phones, and phones are where problems show.

      > A fast website is not a technical nicety. It is the difference between a visitor and a customer.

      ## Quick wins for most small business sites
      You do not need a rebuild to improve your scores. Start with the changes that help most sites:

      - compress and resize every image on the home page, then do the same for your most visited pages
      - remove plugins, widgets and tracking scripts nobody is using any more
      - give images and embeds a width and height so the browser can reserve their space
      - load chat widgets and video players only when someone asks for them

      Re-test after each change, so you know which ones made the difference. Real visitor data takes about a month
      to catch up, so do not panic if the top of the report does not move straight away.

      ## Why your scores might differ from ours
      If you run the same test twice, you will often get two different scores. Lab tests depend on the machine, the
      network and what else was happening at that moment. Treat them as a guide rather than a grade, and look for
      trends over several runs.

      Real visitor data is more reliable but slower. It reflects the phones, connections and places your customers
      actually use, which is why a site that scores well on an office computer can still struggle in the field. If
      most of your visitors are on older phones or rural connections, plan for them rather than for the newest
      handset in the studio.

      ## Does it really affect rankings?
      Yes, but modestly. Great content on a slow site can still rank, and a fast site with nothing useful to say will
      not. The bigger effect is on people: visitors leave slow pages, and they do not come back. Improving Core Web
      Vitals usually improves enquiries and sales before it changes any ranking.

      ## What we do on every build
      Every site our [web development](/service/web-development) team builds is server-rendered, uses tiny scripts
      and serves images sized for the screen. We set a performance budget at the start and test on a mid-range phone
      before launch. The comparison platform we built for [PropFirmTrader](/project/propfirmtrader) had a one-second
      budget for its busiest page. If your site is struggling, we are happy to take a look.`,
    seo: {
      title: "Core Web Vitals in Plain English: LCP, INP and CLS | Gritstone",
      description:
        "What Google's Core Web Vitals measure, what good looks like, how to check your own site and the fixes that make the biggest difference.",
      keywords: ["Core Web Vitals", "LCP", "INP", "CLS", "website speed", "page speed"],
    },
    art: {
      name: "Kinder Cycles",
      headlines: ["Book a service in 30 seconds.", "Ride further."],
      figures: ["1.9s", "120ms", "0.02"],
    },
    featured: "dashboard",
    internal: "browser",
    inline: {
      kind: "dashboard",
      description: "A performance dashboard with three headline figures for load, response and stability.",
    },
  },
  {
    slug: "packaging-designing-for-the-thumbnail",
    title: "Packaging that sells online: designing for the thumbnail",
    category: ["Branding", "Marketing"],
    date: "2025-12-01",
    tags: ["Packaging", "Ecommerce", "Design Process"],
    colour: "#166534",
    accent: "#facc15",
    intro: `Your pack used to have a shelf and a shopper's full attention. Now it often has a thumbnail the size of a
      postage stamp on a marketplace page. Here is how to design for both.`,
    body: `## The new first impression
      For many products, the first time a customer sees the packaging is not in a shop. It is a small square on a
      search results page, next to twenty competitors, on a phone held at arm's length. If your pack cannot be
      recognised at that size, it does not matter how beautiful it looks in your hand.

      ## Test at thumbnail size, early
      We put every packaging concept through a thumbnail test before anything else. Shrink the front of the pack to
      around 150 pixels wide and place it in a mock search results page with real competitors. Then ask three
      questions:

      1. Can you tell what the product is?
      2. Can you tell which brand it is?
      3. Does it stand out from the products either side?

      If the answer to any of them is no, the design needs more contrast, fewer elements or a bigger, bolder brand
      block.

      ![[inline]]

      ## Simplify the front
      A shelf-era pack could afford to carry a lot of information on the front: claims, badges, flavour notes and
      serving suggestions. Online, most of that becomes noise. Move the detail to the back and to the product page,
      where there is room to explain it. On the front, keep the brand, the product name, one claim and a clear
      variant colour.

      ## Colour does the heavy lifting
      At small sizes, colour is the first thing people see and the last thing they forget. A strong colour system
      across a range lets shoppers find their flavour in a grid without reading a word. When we designed the range
      for [Percy's Pet Products](/project/percys-pet-products), every product family got its own colour, so repeat
      customers can spot theirs in a second.

      > If your pack needs to be read to be recognised, it is already losing the online shelf.

      ## Give each variant a job
      Ranges grow, and every new flavour, size or scent makes the grid on a product page harder to read. Decide early
      what tells the variants apart. It might be colour, a large number for size, or an illustration for flavour.
      Whatever you choose, apply it the same way on every pack and every listing, so customers learn the system once
      and reuse it every time they come back.

      Name the variants clearly too. "Original", "Extra strong" and "Gentle" are easy to scan at a glance;
      invented names need explaining, and a thumbnail has no room to explain anything.

      ## Work with the retailers' rules
      Every marketplace and supermarket website has rules for product images: backgrounds, angles, how much of the
      frame the product must fill and what text is allowed. Design with them in mind from the start rather than
      discovering them when the listing is rejected. A pack that needs its front reshot or retouched for every
      retailer will cost you time with every new product.

      It is also worth designing a simple, flat version of the front of each pack for use as a digital image. It
      reads more clearly than a photograph of a 3D pack at small sizes, and it can be updated instantly when a claim
      or price changes.

      ## Do not forget the unboxing
      Online sales give you something a shop never did: the moment the customer opens the parcel. That is the best
      advert you will ever get, because it happens in their home and sometimes on their social feeds. Consider:

      - a mailer box that carries the brand on the outside, or deliberately does not, for gifts
      - a printed message or thank-you inside the lid
      - inserts that hold the product neatly instead of loose fill
      - materials that are easy to recycle, with clear instructions

      ## Photography that matches the pack
      A strong pack can be undone by weak photography. Shoot every product in the range with the same lighting,
      angle and background so your listings look like a family. Marketplaces have their own image rules, so check
      them before the shoot, and shoot a few extra angles for the places you have not thought of yet.

      ## Where to start
      If you already have packaging, run the thumbnail test this week. Take a screenshot of a marketplace search for
      your category, drop your pack into it and show it to someone who does not know your brand. Their first ten
      seconds will tell you more than a month of meetings. Our [packaging](/service/packaging) and
      [ecommerce](/service/ecommerce) teams can help with what comes next.`,
    seo: {
      title: "Packaging That Sells Online: Designing for the Thumbnail | Gritstone",
      description:
        "How to design packaging that works as a 150-pixel thumbnail as well as on the shelf: the thumbnail test, simpler fronts, colour and unboxing.",
      keywords: ["packaging design", "ecommerce packaging", "packaging for online", "unboxing experience"],
    },
    art: {
      name: "Blackbrook",
      headlines: ["Proper milk, from down the road.", "Fresh from the farm."],
      products: ["Whole milk", "Salted butter"],
    },
    featured: "packaging",
    internal: "stillLife",
    inline: {
      kind: "packaging",
      description: "A box and a pouch from one range, with a bold brand block that reads at thumbnail size.",
    },
  },
  {
    slug: "local-seo-derbyshire-businesses",
    title: "Local SEO for Derbyshire businesses: a no-nonsense guide",
    category: ["Marketing"],
    date: "2025-10-06",
    tags: ["SEO", "Local Business", "Marketing"],
    colour: "#0e7490",
    accent: "#f472b6",
    intro: `When someone nearby searches for what you do, you want to be on the map, literally. Local SEO is how you
      get there, and most of it is free. Here is what works for businesses around Derby and beyond.`,
    body: `## What local SEO actually is
      Local search is any search with a place in it, stated or not. "Plumber in Belper", "coffee near me" and even
      just "florist" on a phone in Matlock all bring up local results: a map with three businesses, then the usual
      list of websites. Local SEO is the work of getting into that map and near the top of the list.

      The good news is that the biggest factors are in your control, and none of them involve tricks.

      ## Start with your Google Business Profile
      Your [Google Business Profile](https://www.google.com/business/) is the single most important thing you can
      do for local search. It is free, and it is what appears in the map results. Fill in every section:

      - your exact business name, with no extra keywords stuffed in
      - the right categories, primary first
      - opening hours, including holidays
      - real photos of your premises, team and work
      - a short description written for customers, not for search engines

      Then keep it alive. Post updates, add new photos and answer questions. Profiles that look cared for tend to
      perform better, and they certainly convert better.

      ![[inline]]

      ## Reviews matter more than you think
      Reviews influence both rankings and the decision to call you. Ask every happy customer, at the moment they are
      happiest, and make it easy with a direct link. Reply to every review, good or bad, politely and quickly. A
      calm, helpful reply to a bad review often impresses future customers more than ten five-star ones.

      > Nobody chooses a business because of its ranking. They choose it because of what they see when they get there.

      ## Make your website local
      Search engines need to know where you work. Put your name, address and phone number on every page, exactly as
      they appear on your profile. Create a page for each service you offer, and if you genuinely serve several
      towns, say so with useful content rather than copies of the same page with the town name swapped.

      Use local detail naturally. Mention the areas you cover, the projects you have done nearby and the landmarks
      people know. A roofer who writes about working on stone cottages in the Peak District sounds more local than
      one who repeats "roofer Derby" forty times.

      ## Measure what matters
      Rankings move around from day to day and from street to street, so do not judge your local SEO by a single
      search on your own phone. Your Business Profile shows how many people found you, called you, asked for
      directions or visited your website. Those are the numbers that pay the bills.

      Add a simple question to your enquiry process, "How did you hear about us?", and record the answers. After a
      few months you will know whether the map, the website or word of mouth is bringing in the work, and where to
      spend your time next.

      ## Content that answers local questions
      Think about the questions your customers ask before they call you, and answer them on your website. How much
      does a boiler service cost in Derby? Do you cover villages outside Ashbourne? Is there parking? Each good
      answer is a page or a paragraph that someone might find through a search, and it saves your team a phone call
      too.

      Case studies are especially powerful for local businesses. A short write-up of a real job, with the town, a
      photograph and what the customer wanted, shows search engines where you work and shows future customers what
      you can do. One a month adds up quickly.

      ## Citations and links
      Make sure your business is listed consistently in the directories people actually use, from local business
      groups to trade bodies. Links from local newspapers, community sites, sponsors and suppliers carry real weight
      too. Google's own [SEO starter
      guide](https://developers.google.com/search/docs/fundamentals/seo-starter-guide) explains the principles
      clearly.

      ## What to avoid
      Some tactics still get sold to small businesses, and all of them waste money or worse:

      1. Fake addresses or virtual offices to appear in more towns.
      2. Buying reviews or offering discounts for five stars.
      3. Hundreds of near-identical town pages.
      4. Anyone who guarantees the number one spot.

      ## Give it time
      Local SEO is steady work rather than a switch. Most businesses see movement within a couple of months of
      getting the basics right, and the effect compounds. If you would rather spend your time running the business,
      our [marketing](/service/marketing) team handles local SEO for clients across Derbyshire and the Midlands.`,
    seo: {
      title: "Local SEO for Derbyshire Businesses: A No-Nonsense Guide | Gritstone",
      description:
        "How local businesses around Derby get into the map results: Google Business Profile, reviews, a local website, citations and what to avoid.",
      keywords: ["local SEO Derby", "Google Business Profile", "local search", "SEO Derbyshire", "small business SEO"],
    },
    art: {
      name: "Wildpeak",
      headlines: ["Get outside. Properly.", "Kit for wild weekends."],
      words: ["Get outside", "New season", "Trail ready"],
      figures: ["Top 3", "+64%", "4.8"],
    },
    featured: "billboard",
    internal: "dashboard",
    inline: {
      kind: "phones",
      description: "Two phones showing a local business website with its opening times and a call button.",
    },
  },
  {
    slug: "how-to-write-a-design-brief",
    title: "How to write a design brief that gets you better work",
    category: ["Studio"],
    date: "2025-07-21",
    tags: ["Design Process", "Working With Agencies", "Branding"],
    colour: "#6d28d9",
    accent: "#fde047",
    intro: `The quality of the work you get back depends, more than anything else, on the brief you hand over. Here is
      what a good one contains, and the questions we ask when a brief is missing.`,
    body: `## Why the brief matters so much
      A design brief is the map for the whole project. A vague brief leads to guesswork, and guesswork leads to
      rounds of changes, missed deadlines and work that looks fine but does nothing. A clear brief does the
      opposite: it focuses everyone on the problem and makes decisions easier for both sides.

      The good news is that a great brief does not need to be long. Ours fit on a single page. What matters is that
      it answers the right questions honestly.

      ## What to include
      Every brief we receive, or write with a client, covers the same seven things:

      1. **The problem.** Not "we need a new brochure", but why. What is not working now?
      2. **The audience.** Who needs to see this, and what do they care about? Be specific.
      3. **The goal.** What should change when it is done? More enquiries, fewer support calls, a higher price point?
      4. **The message.** If people remember one thing, what should it be?
      5. **The practicalities.** Formats, sizes, channels, languages and anything that must be included.
      6. **The budget and deadline.** Real numbers help us recommend the right approach.
      7. **Who decides.** Name the people who sign off, and keep the list short.

      ![[inline]]

      ## Say what you do not want
      Some of the most useful lines in a brief are negative. "Nothing that looks like our competitors." "No stock
      photos of handshakes." "It must not feel corporate." These rule out whole directions early and save everyone
      time. Bring examples if you have them, of things you love and things you cannot stand, even from completely
      different industries.

      > Tell us the problem, not the solution. You know your business; we know design. The best work happens in the
      > middle.

      ## Agree how you will judge the work
      Before any design starts, agree how you will decide whether it is right. Go back to the goal in the brief and
      turn it into questions you can ask of every idea. Will this appeal to the audience we described? Does it say
      the one thing we want remembered? Would it work in every format on our list?

      Judging work against the brief, rather than against personal taste, makes feedback faster and kinder. "This
      does not feel right for first-time buyers" is something a designer can act on. "I am not sure about the blue"
      usually is not, unless the brief said the audience hates blue.

      ## Share what you already have
      Send everything that exists, even if you are not proud of it: old brochures, the current website, brand
      guidelines, customer research, sales figures and the complaints your team hears every week. It is much easier
      to design something better when we can see what came before and why it did not work.

      Tell us about the people involved too. Who will use the finished work day to day? Who has strong opinions?
      Who needs to be kept informed? A project with a clear owner and a small group of decision makers moves twice as
      fast as one that has to survive a committee.

      ## Leave room for ideas
      The most common mistake is a brief that describes the answer rather than the question. If you specify the
      layout, the colours and the headline, you will get exactly what you asked for, and miss the idea that might
      have worked better. Describe the problem well and let the designers surprise you.

      ## How we help when there is no brief
      Plenty of clients come to us without one, and that is fine. Our first meeting is a structured workshop that
      works through the seven points above, and we write the brief up afterwards for you to check. It is the most
      valuable hour of any project, because everything after it gets easier. The [Design
      Council](https://www.designcouncil.org.uk/) has published thinking on briefing and the design process if you
      want to read further.

      ## Your brief, in one sentence
      Before you send any brief, try to summarise it in one sentence. Ours, for our own rebrand, was: _make it look
      like us on our best day._ If you can do that, you understand your project well enough to hand it over. If you
      cannot, that is what the first meeting is for.

      Ready to start? Tell us about your project on our [contact page](/contact), or see how we work across
      [design](/service/design) and [branding](/service/branding).`,
    seo: {
      title: "How to Write a Design Brief That Gets Better Work | Gritstone",
      description:
        "The seven things every design brief needs, why you should say what you do not want, and how to leave room for ideas. From a Derby design studio.",
      keywords: ["design brief", "how to write a design brief", "creative brief", "working with a design agency"],
    },
    art: { name: "Tideswell Tea", headlines: ["Three blends. No nonsense.", "Put the kettle on."] },
    featured: "stationery",
    internal: "posters",
    inline: {
      kind: "posters",
      description: "Two posters pinned to a studio wall: a bold headline and a pattern, early ideas from a brief.",
    },
  },
];

export function definePosts(store: Store): void {
  for (const plan of postPlans) {
    const colours = palette(plan.colour, plan.accent);
    const month = new Date(`${plan.date}T12:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric" });
    const words = {
      ...plan.art,
      kicker: `${site.name} — News`,
      footer: `${plan.category[0]} · ${month}`,
    };
    let index = 0;
    const image = (field: string, size: "postHero" | "postInline", kind: Kind, description?: string) =>
      drawn(store, {
        id: `post-${plan.slug}-${field}`,
        path: `posts/${plan.slug}/${field}.webp`,
        size,
        kind,
        words: field === "hero" ? { ...words, name: plan.title } : words,
        palette: colours,
        subject: field === "hero" ? plan.title : plan.art.name,
        index: index++,
        description,
      });
    const hero = image("hero", "postHero", "cover");
    const featured = image("featured", "postHero", plan.featured);
    const internal = image("internal", "postInline", plan.internal);
    const inline = image("inline", "postInline", plan.inline.kind, plan.inline.description);
    store.entry("blogPost", `post-${plan.slug}`, {
      blogTitle: plan.title,
      slug: plan.slug,
      blogCategory: plan.category,
      blogPostDate: plan.date,
      blogTags: plan.tags,
      blogHero: [hero],
      blogFeaturedImage: featured,
      blogInternalImage: [internal],
      blogIntro: md(plan.intro),
      blogText: md(plan.body.replace("![[inline]]", `![[${inline.sys.id}]]`)),
      seoTitle: plan.seo.title,
      seoDescription: plan.seo.description,
      seoKeywords: plan.seo.keywords,
    });
  }
}
