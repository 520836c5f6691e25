import { engineSuite } from "./suite.ts";

engineSuite("webkit");
