import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { menuLinks } from "../lib/menu.ts";
import { type PageFrame, usePageFrame } from "../lib/page-frame.ts";
import type { RootData } from "../lib/seo.ts";
import { site } from "../shared/site.ts";
import { CookieSettingsButton } from "./Consent.tsx";
import styles from "./SiteFooter.module.css";

export function SiteFooter({ variant }: { variant?: PageFrame["footer"] }) {
  const frame = usePageFrame();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const home = (variant ?? frame.footer) === "home";
  const derby = site.offices.find((office) => office.status === "open");
  const comingSoon = site.offices.filter((office) => office.status === "coming soon");

  return (
    <footer className={styles.footer} data-variant={home ? "home" : "regular"}>
      <div className={styles.inner}>
        <FooterInvitation home={home} />

        <div className={styles.columns}>
          <FooterColumn id="footer-studio" label="Studio">
            {derby && (
              <address className={styles.address}>
                <strong>{derby.city}</strong>
                {derby.lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            )}
            {comingSoon.map((office) => (
              <p key={office.city} className={styles.soon}>
                {office.city}: coming soon
              </p>
            ))}
          </FooterColumn>
          <FooterColumn id="footer-contact" label="Say hello">
            <ul className={styles.list}>
              <li>
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </li>
              <li>
                <a href={site.phoneHref}>{site.phone}</a>
              </li>
              <li>
                <Link to="/contact">Arrange a callback</Link>
              </li>
            </ul>
          </FooterColumn>
          <FooterColumn as="nav" id="footer-explore" label="Explore">
            <ul className={styles.list}>
              {menuLinks
                .filter((link) => !link.external)
                .map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
            </ul>
          </FooterColumn>
          <FooterColumn id="footer-follow" label="Follow">
            <ul className={styles.list}>
              {[...site.social, { label: "Shop", href: site.shopUrl }].map((link) => (
                <li key={link.label}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </FooterColumn>
        </div>

        <FooterBase root={root} />
      </div>
    </footer>
  );
}

/** The home page's call to get in touch, or every other page's shorter nudge. */
function FooterInvitation({ home }: { home: boolean }) {
  return home ? (
    <section className={styles.callout} aria-labelledby="footer-callout">
      <h2 id="footer-callout" className={styles.calloutTitle}>
        Let's crush it <span className={styles.accent}>together</span>
      </h2>
      <p className={styles.calloutText}>
        Tell us what you're making and where it needs to get to. We'll bring the coffee and the honest opinions.
      </p>
      <div className={styles.actions}>
        <Link className={styles.primary} to="/contact">
          Arrange a callback
        </Link>
        <a className={styles.secondary} href={`mailto:${site.email}`}>
          Email {site.email}
        </a>
      </div>
    </section>
  ) : (
    <section className={styles.nudge} aria-labelledby="footer-nudge">
      <h2 id="footer-nudge" className={styles.nudgeTitle}>
        Got a project in mind?
      </h2>
      <Link className={styles.nudgeLink} to="/contact">
        Start a conversation
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 12h15m-6-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </Link>
    </section>
  );
}

/** The registered name and the legal pages' links. */
function FooterBase({ root }: { root: RootData | undefined }) {
  return (
    <div className={styles.base}>
      <p className={styles.legalName}>
        © {root?.year ?? new Date().getFullYear()} {site.legalName}. Registered in England and Wales.
      </p>
      <nav aria-label="Legal" className={styles.legal}>
        <Link to="/terms">Terms &amp; conditions</Link>
        <Link to="/privacy-policy">Privacy policy</Link>
        <Link to="/accessibility">Accessibility</Link>
        {root?.analyticsId && <CookieSettingsButton className={styles.linkButton} />}
        <a href="/status">Server status</a>
      </nav>
    </div>
  );
}

function FooterColumn({
  as: Tag = "section",
  id,
  label,
  children,
}: {
  as?: "section" | "nav";
  id: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Tag aria-labelledby={id}>
      <h2 id={id} className={styles.label}>
        {label}
      </h2>
      {children}
    </Tag>
  );
}
