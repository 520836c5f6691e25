import { existsSync } from "node:fs";

const systemChromium = "/usr/bin/chromium";

/** Chromium's switches for every browser test here: no sandbox as root, and no calls to Google's hosts. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Debian's Chromium where it is installed (this machine cannot download Playwright's own), with those switches. */
export const chromiumLaunchOptions = {
  executablePath: existsSync(systemChromium) ? systemChromium : undefined,
  args: chromiumArgs,
};
