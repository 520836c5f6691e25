// `npm start` serves the production build; build it first when it is missing.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log("No production build yet: building it first (npm run build).");
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
