import type { CSSProperties } from "react";
import { Link, NavLink } from "react-router";
import { menuLinks } from "../lib/menu.ts";
import { type PageFrame, usePageFrame } from "../lib/page-frame.ts";
import { site } from "../shared/site.ts";
import { Logo } from "./Logo.tsx";
import styles from "./SiteHeader.module.css";
import menuStyles from "./SiteMenu.module.css";
import { useHydrated } from "./useDevice.ts";
import { menuId, useSiteMenu } from "./useSiteMenu.ts";

const studio = site.offices.find((office) => office.status === "open");

export function SiteHeader({ frame: override }: { frame?: Partial<PageFrame> }) {
  const frame = { ...usePageFrame(), ...override };
  const menu = useSiteMenu();
  const hydrated = useHydrated();

  return (
    <header
      className={styles.header}
      data-absolute={frame.absolute || undefined}
      data-logo-white={frame.logoWhite || undefined}
      data-split={frame.split || undefined}
      data-size={frame.size}
      data-coloured={frame.headerColour ? "" : undefined}
      // Until React runs, the head's rule (frameColourRules) gives the colour: the policy allows no style attribute.
      style={hydrated && frame.headerColour ? ({ "--header-colour": frame.headerColour } as CSSProperties) : undefined}
    >
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={`${site.name} home`}>
          <Logo />
        </Link>
        {/* A popover's invoker: it opens the menu from the first paint, before and without JavaScript. The browser
            states it expanded or collapsed until React runs and says it itself. */}
        <button
          ref={menu.toggleRef}
          type="button"
          className={styles.toggle}
          popoverTarget={menuId}
          aria-controls={menuId}
          aria-expanded={hydrated ? menu.open : undefined}
          onClick={menu.toggle}
        >
          <span>Menu</span>
          <span className={styles.burger} aria-hidden="true" />
        </button>
      </div>

      <nav
        ref={menu.menuRef}
        id={menuId}
        className={menuStyles.menu}
        popover="auto"
        aria-label="Main"
        data-open={menu.open}
        data-enhanced={hydrated || undefined}
        onKeyDown={menu.trapFocus}
      >
        <div className={menuStyles.menuBar}>
          <span className={menuStyles.menuLogo} aria-hidden="true">
            <Logo />
          </span>
          <button
            ref={menu.closeRef}
            type="button"
            className={styles.close}
            popoverTarget={menuId}
            popoverTargetAction="hide"
            onClick={menu.closeByButton}
          >
            <span>Close</span>
            <span className={styles.cross} aria-hidden="true" />
            <span className="visually-hidden"> menu</span>
          </button>
        </div>
        <div className={menuStyles.menuBody}>
          <MenuLinks onExternalClick={menu.closeByLink} />
          <MenuContact />
        </div>
      </nav>
    </header>
  );
}

/** The menu's pages, numbered; the shop opens in a new tab. */
function MenuLinks({ onExternalClick }: { onExternalClick: () => void }) {
  return (
    <ol className={menuStyles.links}>
      {menuLinks.map((link, index) => (
        <li key={link.label}>
          {link.external ? (
            <a
              className={menuStyles.link}
              href={link.to}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onExternalClick}
            >
              <span className={menuStyles.number} aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              {link.label}
              <ExternalArrow />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            // Closed by the move itself (the route change), as the next page is drawn under it: closing
            // at the tap would show the page being left and cost the tap's task a style recalculation.
            <NavLink className={menuStyles.link} to={link.to} end>
              <span className={menuStyles.number} aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              {link.label}
            </NavLink>
          )}
        </li>
      ))}
    </ol>
  );
}

function MenuContact() {
  return (
    <div className={menuStyles.menuAside}>
      <p className={menuStyles.asideLabel}>Say hello</p>
      <a className={menuStyles.asideEmail} href={`mailto:${site.email}`}>
        {site.email}
      </a>
      <a href={site.phoneHref}>{site.phone}</a>
      {studio && <p className={menuStyles.asideAddress}>{studio.lines.join(", ")}</p>}
    </div>
  );
}

function ExternalArrow() {
  return (
    <svg className={menuStyles.arrow} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 17 17 7M9 7h8v8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
