import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../components/legal/LegalDocument.tsx";
import { seo } from "../lib/seo.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/terms";

export function meta(args: Route.MetaArgs) {
  return seo(args, {
    title: `Terms & Conditions | ${site.name}`,
    description: `The terms ${site.legalName} works to: quotations, payment stages, changes, late payment, cancellation, ownership and credits.`,
    keywords: ["terms and conditions", "design agency terms", "payment terms", site.name],
  });
}

const sections: LegalSection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    body: (
      <>
        <p>
          These terms apply to every project, product and service {site.legalName} ("{site.name}", "we", "us") provides
          to you ("the client", "you"). They form the contract between us together with the quotation you accept. Where
          the quotation and these terms disagree, the quotation wins.
        </p>
        <p>
          You accept these terms when you accept a quotation in writing (an email is fine), pay a deposit, or ask us to
          start work, whichever comes first.
        </p>
      </>
    ),
  },
  {
    id: "quotations",
    title: "Quotations",
    body: (
      <>
        <p>
          <strong>A quotation is valid for 10 days from the date on it.</strong> After that we may need to review the
          price and the timetable before we can accept it.
        </p>
        <p>
          A quotation covers the work it describes and nothing else. Prices exclude VAT, which we add at the rate in
          force when we invoice. Costs we pay on your behalf (stock images, fonts, printing, domain names, hosting,
          third-party plugins) are listed separately and passed on at cost unless the quotation says otherwise.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment stages",
    body: (
      <>
        <p>We take payment in three stages, each one half of what is left to pay:</p>
        <ol>
          <li>
            <strong>50% of the project price as a deposit</strong>, before we start work. We book your project into the
            studio's schedule once it arrives.
          </li>
          <li>
            <strong>50% of the balance (a quarter of the price)</strong> when you approve the design, or when the agreed
            midpoint in the quotation is reached.
          </li>
          <li>
            <strong>The remaining balance</strong> on completion, before a website goes live or final artwork files are
            released.
          </li>
        </ol>
        <p>
          Invoices are due within 14 days. Small projects quoted at under £500 may be invoiced in full on completion;
          the quotation will say so.
        </p>
      </>
    ),
  },
  {
    id: "your-information",
    title: "Your information, approvals and late supply",
    body: (
      <>
        <p>
          Good work depends on good input. You agree to supply the text, images, logins, feedback and approvals we ask
          for, on the dates in the project plan, and to make sure you have the right to use anything you send us.
        </p>
        <p>
          If information or approvals arrive late, we will do our best to keep to the plan, but the timetable will move.
          Where late supply means we have to re-plan, reschedule the team or rush work to meet your deadline,{" "}
          <strong>we may add a surcharge of up to 25% of the project price</strong>. We will always tell you before we
          apply it and how much it will be.
        </p>
        <p>
          Each stage includes the rounds of changes set out in the quotation. Extra changes, or changes to work you have
          already approved, are charged at our hourly rate; we will tell you the cost first.
        </p>
      </>
    ),
  },
  {
    id: "late-payment",
    title: "Late payment",
    body: (
      <>
        <p>
          If an invoice is still unpaid 30 days after its date,{" "}
          <strong>
            we add a service charge of 10% of the amount outstanding for each month, or part month, it remains unpaid
          </strong>
          . We may also pause work, take a website offline that we host for you, or hold back files until the account is
          settled.
        </p>
        <p>
          If you are a business, this is in place of any interest under the Late Payment of Commercial Debts (Interest)
          Act 1998 and does not limit our right to recover reasonable costs of collecting the debt. If you are having
          trouble paying, talk to us early: we would much rather agree a plan.
        </p>
      </>
    ),
  },
  {
    id: "cancellation",
    title: "Cancelling a project or service",
    body: (
      <>
        <p>
          <strong>Either of us may end a project or an ongoing service by giving one month's notice in writing.</strong>{" "}
          You pay for the work done and the costs committed up to the end of the notice period; we refund anything you
          have paid beyond that. Deposits cover booked studio time and are not refundable once work has started.
        </p>
        <p>
          For monthly services (hosting, maintenance, marketing retainers) the service continues, and is billed as
          usual, until the end of the notice month.
        </p>
        <p>
          If you are a consumer rather than a business, you may also cancel within 14 days of accepting a quotation
          under the Consumer Contracts Regulations 2013. If you ask us to start within those 14 days you pay for the
          work done up to the time you cancel.
        </p>
      </>
    ),
  },
  {
    id: "ownership",
    title: "Ownership and use of the work",
    body: (
      <>
        <p>
          Once you have paid in full, the copyright in the final artwork and website design we create for you passes to
          you, except for third-party material (fonts, stock images, software), which is licensed to you on its owner's
          terms. Until then, the work remains ours and you may not use it.
        </p>
        <p>
          We keep the right to show the finished work in our portfolio, on social media and in award entries, unless we
          agree otherwise in writing before the project starts. Concepts you did not choose remain ours.
        </p>
      </>
    ),
  },
  {
    id: "footer-credit",
    title: "The website credit",
    body: (
      <p>
        Websites we build carry a small "Website by {site.name}" credit in the footer. If you would rather it were not
        there, <strong>we remove it for a one-off fee of 10% of the project's costs</strong>.
      </p>
    ),
  },
  {
    id: "hosting",
    title: "Hosting, domains and maintenance",
    body: (
      <p>
        Where we host a website or register a domain for you, we do so on a yearly or monthly plan billed in advance. We
        keep domains registered in your name. We take reasonable care to keep sites secure and backed up, but we cannot
        promise uninterrupted service from third-party providers.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Our liability",
    body: (
      <>
        <p>
          We carry out all work with reasonable care and skill. You are responsible for checking proofs and content
          before you approve them: we are not liable for errors you approve, including in printed work.
        </p>
        <p>
          Our total liability for any project is limited to the price paid for it. We are not liable for loss of profit,
          revenue, data or business. Nothing in these terms limits liability for death or personal injury caused by
          negligence, for fraud, or anything else the law does not allow us to limit, and nothing affects your statutory
          rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: "law",
    title: "Complaints and the law",
    body: (
      <>
        <p>
          If something is not right, tell us first at <a href={`mailto:${site.email}`}>{site.email}</a> and we will
          reply within five working days. These terms are governed by the law of England and Wales, and the courts of
          England and Wales have jurisdiction.
        </p>
        <p>
          How we handle personal information is explained in our <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </>
    ),
  },
];

export default function Terms() {
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms & Conditions"
      updated="2026-11-22"
      summary={
        <p>
          The short version: quotes last 10 days, we take payment in stages, we tell you before any extra cost, and
          either of us can stop with a month's notice. The long version is below.
        </p>
      }
      sections={sections}
    />
  );
}
