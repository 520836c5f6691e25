import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sendEnquiry, startSite } from "../support/site-process.ts";
import { freePort } from "../support/system.ts";

/**
 * `npm start` with nothing set: no public default signs the spam question. The first start makes a secret and keeps
 * it in the data folder for its owner alone, and every instance sharing that folder (started at the same moment
 * here) signs and checks with it, so a question one asked is answered at another.
 */

const processes: ChildProcess[] = [];

describe("FORM_SECRET unset", { timeout: 90_000 }, () => {
  afterAll(() => {
    for (const child of processes) child.kill("SIGKILL");
  });

  it("is made once per data folder, kept for its owner alone, and shared by the instances using it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "site-shared-data-"));
    const [a, b] = await Promise.all(
      [1, 2].map(async () =>
        startSite({ PORT: String(await freePort()), DATA_DIR: dataDir }, (child) => processes.push(child)),
      ),
    );
    const file = path.join(dataDir, "form-secret");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(file, "utf8").trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    for (const [asker, answerer] of [
      [a, b],
      [b, a],
    ] as const) {
      const fields = {
        name: "Shared Sam",
        email: "sam@example.com",
        need: "Branding",
        brief: "Asked at one, sent to the other.",
      };
      const sent = await sendEnquiry(asker?.base ?? "", fields, { postTo: answerer?.base });
      expect(sent).toMatchObject({ status: 200, answer: { status: "success" } });
    }
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
  });
});
