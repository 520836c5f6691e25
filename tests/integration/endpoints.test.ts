import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpoints, pageEndpoint, type RateTier } from "../../server/http/endpoints.ts";
import { buildTestApp } from "../support/app.ts";

// Each row of the endpoint table (server/http/endpoints.ts) against what the app answers at that path: the methods,
// the rate tier, the Origin check and the shape of its refusals are the ones the row names.

const contactLimit = 7;
const contentLimit = 90;
/** Each tier's budget and window in seconds, as the RateLimit-Policy header states them (rate-limits.ts). */
const tierPolicy: Record<RateTier, { name: string; q: number; w: number }> = {
  contact: { name: "contact", q: contactLimit, w: 900 },
  content: { name: "content", q: contentLimit, w: 60 },
  reports: { name: "reports", q: 120, w: 60 },
  webhook: { name: "webhook", q: 60, w: 60 },
  other: { name: "other", q: 60, w: 60 },
};
const rows: [string, Endpoint][] = [...Object.entries(endpoints), ["/about", pageEndpoint]];
const html = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";

let app: Awaited<ReturnType<typeof buildTestApp>>["app"];
beforeAll(async () => {
  ({ app } = await buildTestApp({
    env: { CONTACT_RATE_LIMIT: String(contactLimit), CONTENT_RATE_LIMIT: String(contentLimit) },
  }));
});

function policyOf(res: request.Response) {
  const header = res.headers["ratelimit-policy"] as string | undefined;
  if (!header) return undefined;
  return {
    name: /^"([^"]*)"/.exec(header)?.[1],
    q: Number(/;\s*q=(\d+)/.exec(header)?.[1]),
    w: Number(/;\s*w=(\d+)/.exec(header)?.[1]),
  };
}

describe.each(rows)("%s", (path, endpoint) => {
  it(`takes ${endpoint.methods.join(", ")} and nothing else (405 with Allow)`, async () => {
    const refused = ["GET", "POST", "PUT", "DELETE"].filter((method) => !endpoint.methods.includes(method));
    for (const method of refused) {
      const res = await request(app)[method.toLowerCase() as "put"](path).set("Accept", "application/json");
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe(endpoint.methods.join(", "));
    }
  });

  it(`answers OPTIONS with 204 and Allow: ${[...endpoint.methods, "OPTIONS"].join(", ")}`, async () => {
    const res = await request(app).options(path);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe([...endpoint.methods, "OPTIONS"].join(", "));
    expect(res.text).toBe("");
  });

  it(`refuses in its shape: ${endpoint.refusal}`, async () => {
    const asPage = await request(app).put(path).set("Accept", html);
    const asJson = await request(app).put(path).set("Accept", "application/json");
    expect(asPage.headers["cache-control"]).toBe("no-store");
    if (!endpoint.methods.includes("POST")) {
      // A resource that takes no POST refuses another method in a plain line: there is no form to go back to.
      expect(asPage.headers["content-type"]).toMatch(/^text\/plain/);
      expect(asPage.text).toBe("Method not allowed");
      return;
    }
    expect(asJson.headers["content-type"]).toMatch(/^application\/json/);
    expect(asJson.body).toMatchObject({ status: "fail", message: expect.stringContaining("PUT") });
    if (endpoint.refusal === "JSON") {
      expect(asPage.headers["content-type"]).toMatch(/^application\/json/);
    } else {
      expect(asPage.headers["content-type"]).toMatch(/^text\/html/);
      expect(asPage.text).toContain('role="alert"');
      expect(asPage.text).toContain(`<a href="${endpoint.back}">Go back</a>`);
    }
  });

  it(`counts a POST against the ${endpoint.rateTier} tier`, async () => {
    const res = await request(app).post(path).set("Accept", "application/json").send({});
    expect(policyOf(res)).toEqual(tierPolicy[endpoint.rateTier]);
  });

  it(`reads a POST's body as: ${endpoint.body}`, async () => {
    // A body of a type the row's reader does not take, from a client that names no Origin.
    const res = await request(app).post(path).set("Accept", "application/json").type("text/csv").send("a,b\n1,2");
    const expected: Record<Endpoint["body"], [number, RegExp | undefined]> = {
      "page form": [415, /application\/x-www-form-urlencoded/],
      "json or form": [415, /as JSON or as a form/],
      // A browser's report comes as JSON, as a report type of its own, or as text/plain (a beacon): not as CSV.
      report: [415, undefined],
      // Neither the shared secret nor a signature: refused before a byte of the body is read.
      "signed webhook": [401, undefined],
      none: [405, undefined],
    };
    const [status, message] = expected[endpoint.body];
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toMatch(message);
  });

  it(endpoint.sameOrigin ? "refuses a browser's POST from another site" : "takes a POST from any page", async () => {
    const res = await request(app)
      .post(path)
      .set("Origin", "https://elsewhere.example")
      .set("Accept", "application/json")
      .send({});
    if (endpoint.sameOrigin) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: "fail", message: expect.stringMatching(/own pages/) });
    } else {
      expect(res.status).not.toBe(403);
    }
  });
});

// Pages, an unknown path, files, operators' endpoints, a data request and other spellings of a row's path.
describe.each([
  ["/", "GET, HEAD"],
  ["/nope", "GET, HEAD"],
  ["/sitemap.xml", "GET, HEAD"],
  ["/favicon.svg", "GET, HEAD"],
  ["/healthz", "GET, HEAD"],
  ["/about.data", "GET, HEAD"],
  ["/Contact/", "GET, HEAD, POST"],
  ["/contact.data", "GET, HEAD, POST"],
  ["/EMAILS/CONTACT-FORM", "POST"],
])("OPTIONS %s", (path, methods) => {
  it(`answers 204 with Allow: ${methods}, OPTIONS`, async () => {
    const res = await request(app).options(path);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe(`${methods}, OPTIONS`);
  });
});

describe("spellings of a path", () => {
  it("reach the same row: the contact form's budget is the API's, in any case, with a slash or as data", async () => {
    for (const spelling of ["/Contact", "/contact/", "/contact.data", "/emails/contact-form/"]) {
      const res = await request(app).post(spelling).set("Accept", "application/json").send({});
      expect(policyOf(res), spelling).toEqual(tierPolicy.contact);
    }
  });
});
