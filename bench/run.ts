// Runs every benchmark in bench/ one after another (npm run bench). Each prints its own figures.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";

for (const file of readdirSync("bench").filter((f) => f.endsWith(".ts") && f !== "run.ts")) {
  console.log(`\n== bench/${file}`);
  execFileSync(process.execPath, [`bench/${file}`], { stdio: "inherit" });
}
