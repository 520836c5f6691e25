import { useEffect, useId, useRef, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { reportVitals } from "../lib/web-vitals.ts";
import { type AnalyticsConsent, analyticsProvider, consentCookie, readConsent } from "../shared/consent.ts";
import styles from "./Consent.module.css";
import { useNonce } from "./Nonce.tsx";

type ConsentView = { choice: AnalyticsConsent | undefined; asking: boolean };

const listeners = new Set<() => void>();
let view: ConsentView | undefined;
const serverView: ConsentView = { choice: undefined, asking: false };

function currentView(): ConsentView {
  view ??= { choice: readConsent(document.cookie), asking: false };
  return view;
}

function update(next: ConsentView) {
  view = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useConsent(): ConsentView | undefined {
  // Undefined on the server and while hydrating: the banner appears only once the page can act on a click.
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const current = useSyncExternalStore(subscribe, currentView, () => serverView);
  return hydrated ? current : undefined;
}

function choose(choice: AnalyticsConsent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve yet
  document.cookie = consentCookie(choice, window.location.protocol === "https:");
  try {
    // Plausible's own opt-out switch: a script already running stops counting at once.
    if (choice === "denied") localStorage.setItem("plausible_ignore", "true");
    else localStorage.removeItem("plausible_ignore");
  } catch {}
  update({ choice, asking: false });
}

/** UK PECR: a small banner, Accept and Reject side by side and alike, shown until the visitor chooses. */
export function ConsentBanner() {
  const consent = useConsent();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const show = consent !== undefined && (consent.choice === undefined || consent.asking);
  const reopened = consent?.asking ?? false;

  // Opened from "Cookie settings": take focus there, so keyboard users land on the choice they asked for.
  useEffect(() => {
    if (show && reopened) ref.current?.querySelector("button")?.focus();
  }, [show, reopened]);

  if (!show) return null;
  return (
    <section ref={ref} className={styles.banner} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        Can we count your visit?
      </h2>
      <p className={styles.text}>
        We'd like to use {analyticsProvider.name} to see which pages people read, and to measure how fast each page is
        for you. It sets no cookies and never follows you around the web. Nothing is measured unless you say yes.{" "}
        <Link to="/privacy-policy#analytics">How we use analytics</Link>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.choice} onClick={() => choose("granted")}>
          Accept analytics
        </button>
        <button type="button" className={styles.choice} onClick={() => choose("denied")}>
          Reject analytics
        </button>
      </div>
    </section>
  );
}

/** The footer's way back to the choice (consent must be as easy to withdraw as to give). */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => update({ ...currentView(), asking: true })}>
      Cookie settings
    </button>
  );
}

/** Nothing at all before the visitor accepts, and nothing after a refusal. */
export function Analytics({ siteId }: { siteId: string }) {
  const consent = useConsent();
  const nonce = useNonce();
  const granted = consent?.choice === "granted";

  useEffect(() => {
    if (!granted || document.querySelector("script[data-analytics]")) return;
    const script = document.createElement("script");
    script.defer = true;
    script.src = analyticsProvider.scriptUrl;
    script.dataset.domain = siteId;
    script.dataset.analytics = "";
    if (nonce) script.nonce = nonce;
    document.head.append(script);
    void reportVitals().catch(() => {});
  }, [granted, siteId, nonce]);

  return null;
}
