/**
 * The cross-engine suite: Debian's Firefox ESR and WebKitGTK (Safari's engine) against the production server, beside
 * Chromium's drawing of the main pages. One server; the two engines' checks run side by side (node's test runner,
 * a process each) while Chromium draws the reference they compare their pages with. WebKitGTK draws into an X
 * display: without one the suite runs under xvfb-run.
 *
 *   npm run build && node tests/engines/run.ts                 both engines
 *   node tests/engines/run.ts firefox                          one engine (firefox or webkit)
 *
 * Screenshots go to reports/engines/<engine>/ (Chromium's to reports/engines/chromium/).
 */
import { spawn } from "node:child_process";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { startServer } from "../../scripts/production-server.ts";
import { launch, xScreen } from "./browsers.ts";
import { type Look, lookOf } from "./look.ts";
import { mainPages, screens } from "./suite.ts";

const root = path.resolve(import.meta.dirname, "../..");
const outDir = path.join(root, "reports", "engines");
const referenceFile = path.join(outDir, "chromium.json");
const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
const engines = named.length > 0 ? named : ["firefox", "webkit"];
/** `--only=text`: the tests whose names hold it (node's --test-name-pattern). */
const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);

/** Chromium's drawing of the six main pages at both widths, written once whole (the engines wait for the file). */
async function drawReference(origin: string) {
  const chromium = await launch("chromium", origin);
  try {
    const looks: Record<string, Look> = {};
    for (const screen of screens)
      for (const page of mainPages)
        looks[`${page} ${screen.width}`] = await lookOf(
          chromium,
          page,
          screen.width,
          screen.height,
          path.join(outDir, "chromium"),
        );
    await writeFile(`${referenceFile}.part`, JSON.stringify(looks));
    await rename(`${referenceFile}.part`, referenceFile);
  } finally {
    await chromium.close();
  }
}

function runTests(env: NodeJS.ProcessEnv): Promise<number> {
  const files = engines.map((engine) => path.join("tests", "engines", `${engine}.test.ts`));
  const pattern = only ? [`--test-name-pattern=${only}`] : [];
  const args = ["--test", `--test-concurrency=${files.length}`, "--test-reporter=spec", ...pattern, ...files];
  const [command, commandArgs] = env.DISPLAY
    ? [process.execPath, args]
    : ["xvfb-run", ["-a", "-s", `-screen 0 ${xScreen.width}x${xScreen.height}x24`, process.execPath, ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs as string[], { cwd: root, env, stdio: "inherit" });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const server = await startServer({ FORM_SECRET: "engines-form-secret-0123456789abcdef", CONTACT_RATE_LIMIT: "1000" });
let code = 1;
try {
  // A failure here leaves no reference: the engines' look tests fail saying so.
  const reference = drawReference(server.origin).catch((error) => console.error("Chromium's drawing failed:", error));
  code = await runTests({
    ...process.env,
    ENGINES_ORIGIN: server.origin,
    ENGINES_OUT: outDir,
    ENGINES_REFERENCE: referenceFile,
  });
  await reference;
} finally {
  await server.stop();
}
console.log(`engines (${engines.join(", ")}): ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(code);
