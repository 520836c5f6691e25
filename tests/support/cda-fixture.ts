import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { type CdaServer, startCdaServer } from "./cda-server.ts";
import { writeFixtureStore } from "./content-fixture.ts";

/** For a test file: the fixture store and a stand-in serving it, started before its tests and removed after. */
export function cdaOverFixture(): { storeDir: string; cda: CdaServer } {
  const fixture = { storeDir: writeFixtureStore(), cda: undefined as unknown as CdaServer };
  beforeAll(async () => {
    fixture.cda = await startCdaServer(fixture.storeDir);
  });
  afterAll(async () => {
    await fixture.cda.close();
    rmSync(fixture.storeDir, { recursive: true, force: true });
  });
  return fixture;
}
