import { Link, useLoaderData } from "react-router";
import { LegalDocument, type LegalSection } from "../components/legal/LegalDocument.tsx";
import { servicesContext } from "../context.ts";
import { seo } from "../lib/seo.ts";
import { analyticsProvider, consentCookieName, consentMaxAgeSeconds } from "../shared/consent.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/privacy-policy";

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  return {
    outboxRetentionDays: settings.outboxRetentionDays,
    deadLetterRetentionDays: settings.deadLetterRetentionDays,
    analyticsOn: Boolean(settings.analyticsId),
  };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: `Privacy Policy | ${site.name}`,
    description: `How ${site.legalName} collects, uses and protects your personal information under UK GDPR, and your rights.`,
    keywords: ["privacy policy", "UK GDPR", "data protection", "cookies", site.name],
  });
}

const derby = site.offices.find((office) => office.status === "open");
const address = [site.legalName, ...(derby?.lines ?? [])].join(", ");
const consentMonths = Math.round(consentMaxAgeSeconds / (60 * 60 * 24 * 30.4));

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          This website is run by {site.legalName}, a design and web agency registered in England and Wales. We are the
          controller of the personal information described here, which means we decide how and why it is used.
        </p>
        <p>
          Write to us at {address}, email <a href={`mailto:${site.email}`}>{site.email}</a> or call{" "}
          <a href={site.phoneHref}>{site.phone}</a> with any question about your information. This policy explains what
          we collect through this website, why, how long we keep it and what rights you have under the UK General Data
          Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
      </>
    ),
  },
  {
    id: "contact-form",
    title: "When you send us an enquiry",
    body: (
      <>
        <p>
          Our <Link to="/contact">contact form</Link> asks for the information we need to answer you and to prepare a
          quotation:
        </p>
        <ul>
          <li>your name and email address, so we can reply;</li>
          <li>what you need help with and a short brief;</li>
          <li>
            if it applies, your existing website, the kind of site you want, what you would like to improve and your
            budget;
          </li>
          <li>any message you add, and whether you would like biscuits when you visit the studio.</li>
        </ul>
        <p>
          We also ask a simple sum to keep automated spam out; the answer is checked and then thrown away. Please don't
          put sensitive information (health, finances, anything about children) in the form.
        </p>
        <p>
          <strong>Why and on what basis:</strong> we use this information to answer your enquiry, arrange a call and
          prepare a quotation. Our lawful basis is that you have asked us to take these steps before entering into a
          contract (UK GDPR Article 6(1)(b)); where no contract follows, it is our legitimate interest in replying to
          people who contact us (Article 6(1)(f)). We never add you to a mailing list from an enquiry.
        </p>
      </>
    ),
  },
  {
    id: "outbox",
    title: "How enquiries are kept and delivered",
    body: (
      <>
        <p>
          So that no enquiry is ever lost, the website first saves what you send to a secure outbox on our server, then
          emails it to our team, retrying if the mail system is briefly unavailable.{" "}
          <strong>
            Once an enquiry has been delivered, it is deleted from the outbox after <OutboxRetentionDays /> days.
          </strong>
        </p>
        <p>
          Very rarely an enquiry cannot be delivered at all, for example if our mail system refuses it. It is then kept
          apart so that we can pass it to our team by hand.{" "}
          <strong>
            An enquiry that could not be delivered is deleted after <DeadLetterRetentionDays /> days.
          </strong>
        </p>
        <p>
          The email copy in our mailbox is kept while we discuss your project. If no work follows, we delete it within
          24 months of our last contact. If you become a client, we keep project correspondence and invoices for six
          years after the end of the financial year they relate to, as HMRC requires.
        </p>
      </>
    ),
  },
  {
    id: "server-logs",
    title: "Server logs and security",
    body: (
      <>
        <p>
          Like every website, ours records each request it answers: the page asked for, the time, the result and the IP
          address it came from. We use these logs to keep the site secure, to stop abuse (for example, limiting how
          often one address can send the contact form) and to fix faults. Our lawful basis is our legitimate interest in
          running a secure, working website (Article 6(1)(f)).
        </p>
        <p>
          Logs are kept for no longer than 30 days, unless we need a specific entry to investigate an attack. The
          counters that limit repeated form posts are held in memory and forgotten after 15 minutes.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    title: "Cookies and analytics",
    body: (
      <>
        <AnalyticsNow />
        <p>
          {analyticsProvider.name} does not use cookies and does not track you across other websites. It counts the
          pages viewed, the site that referred you, your browser, operating system, device type and country. Your IP
          address is used only to work out the country and a daily visitor count and is never stored. The service is
          hosted in the European Union. Our lawful basis is your consent (Article 6(1)(a) and the Privacy and Electronic
          Communications Regulations).
        </p>
        <p>
          If you accept analytics, your browser also tells this website how quickly each page appeared and responded for
          you (the "Core Web Vitals": how long the page took to show, how fast it answered a tap, how much it moved
          while loading). Each figure is sent with only the page's address, and we keep only which kind of page it was,
          as counts in our own monitoring for an hour and in sums after that. No IP address, browser details or cookie
          is kept with it, and nothing is sent to anyone else.
        </p>
        <p>
          When your browser blocks something on a page that our security policy does not allow (for example a script
          added by a browser extension), it may report that to this website. We count these reports by the kind of page
          and what was blocked, to find faults; we keep nothing about you from them.
        </p>
        <p>
          We set one cookie of our own, <code>{consentCookieName}</code>, which remembers your choice so we don't ask
          again on every page. It lasts {consentMonths} months. It is strictly necessary to respect your choice, so it
          does not need consent.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share information with",
    body: (
      <>
        <p>
          We never sell your information. We share it only with companies that help us run the website and the studio,
          under contracts that require them to protect it and use it only on our instructions:
        </p>
        <ul>
          <li>our hosting provider, which runs the server, the outbox and the logs in the UK;</li>
          <li>our email provider, which delivers enquiries to our team and stores our mailbox;</li>
          <li>{analyticsProvider.name}, only if you accept analytics;</li>
          <li>our accountants, for clients' invoices.</li>
        </ul>
        <p>
          If any of these providers stores information outside the UK, we make sure it is protected by UK adequacy
          regulations or the International Data Transfer Agreement. We may also disclose information when the law
          requires it.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Keeping information safe",
    body: (
      <p>
        The website is served only over encrypted connections. Access to enquiries, logs and our mailbox is limited to
        the people who need it, protected by strong passwords and two-factor authentication. If something ever goes
        wrong, we will tell the Information Commissioner's Office within 72 hours where the law requires it, and you, if
        you are at high risk.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Under UK GDPR you have the right to:</p>
        <ul>
          <li>ask for a copy of the personal information we hold about you;</li>
          <li>have inaccurate information corrected;</li>
          <li>have your information deleted, where we no longer need it or you withdraw consent;</li>
          <li>restrict or object to how we use it, including where we rely on legitimate interests;</li>
          <li>receive information you gave us in a portable format;</li>
          <li>withdraw your consent to analytics at any time, without affecting what happened before.</li>
        </ul>
        <p>
          To use any of these rights, email <a href={`mailto:${site.email}`}>{site.email}</a>. It is free, and we will
          answer within one month. We may ask you to confirm who you are first.
        </p>
      </>
    ),
  },
  {
    id: "complaints",
    title: "Complaints",
    body: (
      <>
        <p>
          If you are unhappy with how we have handled your information, please tell us first and we will try to put it
          right. You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator
          for data protection:
        </p>
        <address>
          Information Commissioner's Office, Wycliffe House, Water Lane, Wilmslow, Cheshire SK9 5AF
          <br />
          Helpline: <a href="tel:+443031231113">0303 123 1113</a> ·{" "}
          <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer">
            ico.org.uk/make-a-complaint
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </address>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        This website is meant for businesses and adults. We do not knowingly collect information from children under 13;
        if you think a child has sent us an enquiry, let us know and we will delete it.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We review this policy at least once a year and whenever the way we handle information changes. The date at the
        top shows when it last changed; if a change matters to you, we will say so on this page.
      </p>
    ),
  },
];

function OutboxRetentionDays() {
  return useLoaderData<typeof loader>().outboxRetentionDays;
}

function DeadLetterRetentionDays() {
  return useLoaderData<typeof loader>().deadLetterRetentionDays;
}

/** Whether visits are measured now: analytics is on only with an analytics ID in the settings. */
function AnalyticsNow() {
  return useLoaderData<typeof loader>().analyticsOn ? (
    <p>
      We would like to know which pages people find useful, so we ask your permission to use {analyticsProvider.name}.{" "}
      <strong>Nothing is measured unless you choose "Accept analytics"</strong> in the banner, and you can change your
      mind at any time with "Cookie settings" at the foot of every page.
    </p>
  ) : (
    <p>
      <strong>This website does not measure visits at the moment.</strong> If we switch analytics on, we will use{" "}
      {analyticsProvider.name} as described below, and only after you choose "Accept analytics" in a banner; "Cookie
      settings" at the foot of every page will let you change your mind.
    </p>
  );
}

export default function PrivacyPolicy() {
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy Policy"
      updated="2026-11-29"
      summary={
        <p>
          In short: we collect what you send us so we can reply, we keep it no longer than we need to, we only measure
          visits if you say yes, and you can ask us about any of it.
        </p>
      }
      sections={sections}
    />
  );
}
