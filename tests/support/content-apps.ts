import { createContentfulSource } from "../../server/content/contentful-source.ts";
import { createContentService } from "../../server/content/service.ts";
import { createLogger } from "../../server/http/logging.ts";
import { buildTestApp } from "./app.ts";
import { cdaOverFixture } from "./cda-fixture.ts";

/**
 * The real app (production build) over the fixture store, three ways: the embedded store, Contentful through the
 * Delivery API stand-in, and a Contentful source that never answers. Call at the top of a test file.
 */
export function contentApps() {
  const fixture = cdaOverFixture();
  const { storeDir } = fixture;
  const secret = "webhook-secret-for-tests-0123456789";

  const localApp = () =>
    buildTestApp({
      env: { CONTENT_DIR: storeDir, CONTENT_RATE_LIMIT: "100000", CONTENTFUL_WEBHOOK_SECRET: secret },
    });

  const contentfulEnv = () => ({
    CONTENT_DIR: storeDir,
    CONTENT_RATE_LIMIT: "100000",
    CONTENT_SOURCE: "contentful",
    CONTENTFUL_SPACE_ID: fixture.cda.space,
    CONTENTFUL_ACCESS_TOKEN: fixture.cda.token,
    CONTENTFUL_HOST: fixture.cda.origin,
    CONTENTFUL_WEBHOOK_SECRET: secret,
    CONTENT_TTL_SECONDS: "3600",
  });

  /** The app with a Contentful source whose API does not answer at all (a closed port) and an empty cache. */
  const appWithSourceDown = () =>
    buildTestApp({
      env: { CONTENT_DIR: storeDir, CONTENT_RATE_LIMIT: "100000" },
      services(real) {
        const content = createContentService({
          source: createContentfulSource({
            space: "s",
            accessToken: "t",
            environment: "master",
            host: "http://127.0.0.1:9",
            retryLimit: 0,
          }),
          ttlSeconds: 60,
          logger: createLogger("silent"),
        });
        return { ...real, content, site: { ...real.site, content } };
      },
    });

  return { fixture, storeDir, secret, localApp, contentfulEnv, appWithSourceDown };
}
