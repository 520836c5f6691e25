import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../components/legal/LegalDocument.tsx";
import { formatDate } from "../lib/dates.ts";
import { seo } from "../lib/seo.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/accessibility";

/** When the statement was first written, and when it was last reviewed (and the site last tested against it). */
const statementPrepared = "2026-11-23";
export const accessibilityReviewed = "2026-11-23";

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: `Accessibility Statement | ${site.name}`,
    description: `How accessible the ${site.name} website is, how we test it, what we know falls short and how to report a problem.`,
    keywords: ["accessibility statement", "WCAG 2.2", "web accessibility", site.name],
  });
}

const answerDays = 5;

/** Written to the UK government's model accessibility statement, which public bodies must publish. */
const sections: LegalSection[] = [
  {
    id: "using-this-website",
    title: "Using this website",
    body: (
      <>
        <p>
          This website is run by {site.legalName}. We want as many people as possible to be able to use it. For example,
          you should be able to:
        </p>
        <ul>
          <li>change colours, contrast levels and fonts using your browser or device settings;</li>
          <li>zoom in up to 400% without the text spilling off the screen;</li>
          <li>navigate the whole website using just a keyboard;</li>
          <li>navigate most of the website using speech recognition software;</li>
          <li>listen to most of the website using a screen reader (including NVDA, JAWS and VoiceOver);</li>
          <li>read every page without JavaScript, and send us an enquiry without it;</li>
          <li>stop movement: animations are switched off when your device asks for reduced motion.</li>
        </ul>
        <p>
          We have also made the text as simple as we can to understand.{" "}
          <a href="https://mcmw.abilitynet.org.uk/" target="_blank" rel="noopener noreferrer">
            AbilityNet has advice on making your device easier to use
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          if you have a disability.
        </p>
      </>
    ),
  },
  {
    id: "how-accessible",
    title: "How accessible this website is",
    body: (
      <>
        <p>We know some parts of this website are not fully accessible:</p>
        <ul>
          <li>
            some artwork in our case studies shows lettering (a client's slogan or packaging) that is described only in
            general terms in its text alternative;
          </li>
          <li>
            the contact form asks a short sum to keep spam out, which some people with dyscalculia may find hard (you
            can email or phone us instead);
          </li>
          <li>links to our social media profiles and shop take you to websites we do not control.</li>
        </ul>
      </>
    ),
  },
  {
    id: "feedback",
    title: "Feedback and contact information",
    body: (
      <>
        <p>
          If you need information on this website in a different format, such as accessible PDF, large print, easy read
          or an audio recording, or you would rather talk than use the form, contact us:
        </p>
        <ul>
          <li>
            email <a href={`mailto:${site.email}`}>{site.email}</a>
          </li>
          <li>
            call <a href={site.phoneHref}>{site.phone}</a>
          </li>
        </ul>
        <p>We will consider your request and get back to you within {answerDays} working days.</p>
      </>
    ),
  },
  {
    id: "reporting-problems",
    title: "Reporting accessibility problems with this website",
    body: (
      <>
        <p>
          We are always looking to improve the accessibility of this website. If you find any problems not listed on
          this page, or think we are not meeting accessibility requirements, email{" "}
          <a href={`mailto:${site.email}`}>{site.email}</a> with "Accessibility" in the subject, or use our{" "}
          <Link to="/contact">contact form</Link>. Tell us the page, what you were trying to do and what got in the way;
          the browser and assistive technology you use helps too.
        </p>
        <p>
          A person, not a machine, reads every report. We will reply within {answerDays} working days to say what we
          will do and by when, and again when it is fixed.
        </p>
      </>
    ),
  },
  {
    id: "enforcement",
    title: "If you are not happy with our response",
    body: (
      <p>
        Under the Equality Act 2010 we must make reasonable adjustments so that disabled people can use our services. If
        you are not happy with how we respond to your complaint, contact the{" "}
        <a href="https://www.equalityadvisoryservice.com/" target="_blank" rel="noopener noreferrer">
          Equality Advisory and Support Service (EASS)
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    ),
  },
  {
    id: "technical-information",
    title: "Technical information about this website's accessibility",
    body: (
      <>
        <p>
          {site.legalName} is committed to making its website accessible, in line with the Equality Act 2010. We hold it
          to the standard public bodies must meet: the Web Content Accessibility Guidelines version 2.2, level AA.
        </p>
        <h3>Compliance status</h3>
        <p>
          This website is partially compliant with the{" "}
          <a href="https://www.w3.org/TR/WCAG22/" target="_blank" rel="noopener noreferrer">
            Web Content Accessibility Guidelines version 2.2
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>{" "}
          AA standard, due to the non-compliances listed below.
        </p>
        <h3>Non-accessible content</h3>
        <p>The content listed below is not fully accessible, for the following reasons.</p>
        <ul>
          <li>
            Some case-study artwork includes lettering whose text alternative describes the image rather than repeating
            every word. This fails WCAG 2.2 success criterion 1.1.1 (non-text content). We are rewriting these
            descriptions as we revise each case study, by the end of March 2027.
          </li>
          <li>
            The spam question on the contact form relies on working out a sum. This may fail success criterion 3.3.8
            (accessible authentication) for some people. Email and phone are always available instead, and we are
            looking at a check that asks nothing of you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-test",
    title: "How we tested this website",
    body: (
      <>
        <p>We test this website in three ways:</p>
        <ul>
          <li>
            <strong>on every change</strong>, automatically: the site's pages are checked with the axe accessibility
            engine at phone (390 pixels) and desktop (1,440 pixels) widths, its HTML is validated, and pages are checked
            for sideways scrolling from 320 pixels wide;
          </li>
          <li>
            <strong>before each release</strong>, by hand: we use the new or changed pages with a keyboard only and with
            a screen reader (VoiceOver on iPhone and NVDA with Firefox on Windows), at 200% and 400% zoom;
          </li>
          <li>
            <strong>every six months</strong>, a full review of the whole site against WCAG 2.2 AA by a member of our
            team who was not involved in building it, after which we update this statement.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "improving",
    title: "What we are doing to improve accessibility",
    body: (
      <p>
        We fix the problems people report first, then the ones on this page, in the order they affect most visitors.
        Every new page and feature has to pass the automated checks before it is published.
      </p>
    ),
  },
  {
    id: "preparation",
    title: "Preparation of this accessibility statement",
    body: (
      <p>
        This statement was prepared on {formatDate(statementPrepared)}. It was last reviewed on{" "}
        <time dateTime={accessibilityReviewed}>{formatDate(accessibilityReviewed)}</time>, when the website was last
        tested, by our own team using the methods above.
      </p>
    ),
  },
];

export default function Accessibility() {
  return (
    <LegalDocument
      eyebrow="Accessibility"
      title="Accessibility Statement"
      updated={accessibilityReviewed}
      summary={
        <p>
          We want everyone to be able to use this website. This statement says how well it works with assistive
          technology, what we know still falls short, and how to tell us about a problem.
        </p>
      }
      sections={sections}
    />
  );
}
