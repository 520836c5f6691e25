// The first tap and a move inside the site in Firefox ESR, WebKitGTK (Safari's engine) and Chromium, driven the same
// way (tests/engines/browsers.ts), without throttling: neither Firefox nor WebKit has any to apply. A tap counts from
// when the finger came down (its event's time stamp) to the frame that shows its effect, watched in the page:
// - the first tap: the menu on /, tapped as soon as the engine's driver hands the loaded page over;
// - a move: the footer's link from /privacy-policy to /about, two seconds after the load (the next page fetched
//   ahead by then), until /about's heading is drawn.
// Prints the medians of a few loads per engine. Not part of npm test; WebKit needs an X display (xvfb-run).
// Usage: npm run build && xvfb-run -a -s "-screen 0 1600x1200x24" node bench/engines.ts [loads] [engine ...]
import { type Engine, type EngineName, launch } from "../tests/engines/browsers.ts";
import { startServer } from "./support/server.ts";

const loads = Number(process.argv[2] ?? 5);
const named = process.argv.slice(3) as EngineName[];
const engines: EngineName[] = named.length > 0 ? named : ["chromium", "firefox", "webkit"];

/** What shows that the tap worked: the menu's links, or /about's heading after the move. */
type Effect = "menu" | "about";

/** Notes when the first tap came down and, frame by frame, when the page first showed its effect. */
function watchTap(effect: Effect) {
  const worked = () => {
    if (effect === "menu") {
      const link = document.querySelector("#site-menu ol a");
      return !!link && link.checkVisibility({ visibilityProperty: true });
    }
    return location.pathname === "/about" && /ignore/i.test(document.querySelector("main h1")?.textContent ?? "");
  };
  const state: { down?: number; shown?: number } = {};
  Object.assign(window, { __tap: state });
  addEventListener("pointerdown", (event) => (state.down ??= event.timeStamp), { capture: true, once: true });
  const frame = () => {
    if (state.down !== undefined && worked()) state.shown = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function tapToShown(engine: Engine, selector: string, effect: Effect): Promise<number> {
  await engine.run(watchTap, effect);
  await engine.click(selector);
  for (let i = 0; i < 200; i++) {
    const tap = await engine.run(() => (window as { __tap?: { down?: number; shown?: number } }).__tap);
    if (tap?.down !== undefined && tap.shown !== undefined) return tap.shown - tap.down;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Number.NaN;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0) : Number.NaN;
};

const server = await startServer({ FORM_SECRET: "bench-engines-form-secret-0123456789" });
try {
  for (const name of engines) {
    const engine = await launch(name, server.origin);
    try {
      await engine.resize(390, 844);
      const taps: number[] = [];
      const moves: number[] = [];
      for (let load = 0; load < loads; load++) {
        await engine.goto("/");
        taps.push(await tapToShown(engine, 'header button[aria-controls="site-menu"]', "menu"));
        await engine.goto("/privacy-policy");
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        await engine.run(() =>
          document.querySelector('footer a[href="/about"]')?.scrollIntoView({ block: "center", behavior: "instant" }),
        );
        moves.push(await tapToShown(engine, 'footer a[href="/about"]', "about"));
      }
      console.log(
        `${name.padEnd(9)} first tap on the menu: ${median(taps)} ms   move /privacy-policy → /about: ${median(moves)} ms   (medians of ${loads}; taps ${taps.map(Math.round).join(", ")}; moves ${moves.map(Math.round).join(", ")})`,
      );
    } finally {
      await engine.close();
    }
  }
} finally {
  await server.stop();
}
