import { type DefaultTreeAdapterTypes, parse } from "parse5";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkEnquiry, enquiryFields } from "../../src/shared/enquiry.ts";
import { formFields, spamMessage } from "../../src/shared/enquiry-api.ts";
import { buildTestApp } from "../support/app.ts";

// The contact form as the server renders it, read against what the enquiry handler reads (src/shared/enquiry.ts and
// src/shared/enquiry-api.ts, which server/enquiries/handler.ts checks with): a field the form names differently
// from the handler is a field the handler never sees.

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

const isElement = (node: Node): node is Element => "tagName" in node;
const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
const textOf = (node: Node): string =>
  node.nodeName === "#text"
    ? (node as DefaultTreeAdapterTypes.TextNode).value
    : "childNodes" in node
      ? node.childNodes.map(textOf).join("")
      : "";

function elements(node: Node): Element[] {
  const children = "childNodes" in node ? node.childNodes : [];
  return children.flatMap((child) => (isElement(child) ? [child, ...elements(child)] : []));
}

interface RenderedForm {
  /** Every control that has a name: input, select, textarea (and button, which sends nothing unless pressed). */
  controls: Element[];
  /** A control by the text of its label. */
  labelled(text: RegExp): Element | undefined;
  /** What a browser sends for the form as rendered, with `typed` in the fields by name. */
  sent(typed: Record<string, string>): Record<string, string>;
}

/** The enquiry form of the /contact page the server sends. */
function renderedForm(html: string): RenderedForm {
  const form = elements(parse(html)).find(
    (element) => element.tagName === "form" && attr(element, "action")?.startsWith("/contact"),
  );
  if (!form) throw new Error("no enquiry form on /contact");
  const inForm = elements(form);
  const controls = inForm.filter(
    (element) => ["input", "select", "textarea", "button"].includes(element.tagName) && attr(element, "name"),
  );
  const renderedValue = (control: Element): string | undefined => {
    const type = attr(control, "type") ?? "text";
    if (control.tagName === "select") {
      const options = elements(control).filter((element) => element.tagName === "option");
      const chosen = options.find((option) => attr(option, "selected") !== undefined) ?? options[0];
      return chosen ? (attr(chosen, "value") ?? textOf(chosen)) : undefined;
    }
    if (control.tagName === "textarea") return textOf(control);
    if (control.tagName === "button" || type === "submit") return undefined;
    if ((type === "radio" || type === "checkbox") && attr(control, "checked") === undefined) return undefined;
    return attr(control, "value") ?? "";
  };
  return {
    controls,
    labelled(text) {
      const label = inForm.find((element) => element.tagName === "label" && text.test(textOf(element)));
      const id = label && attr(label, "for");
      return controls.find((control) => id && attr(control, "id") === id);
    },
    sent(typed) {
      const fields: Record<string, string> = {};
      for (const control of controls) {
        const name = attr(control, "name") as string;
        const value = typed[name] ?? renderedValue(control);
        if (value !== undefined) fields[name] = value;
      }
      return fields;
    },
  };
}

const visitor = {
  name: "Ada Fields",
  email: "ada.fields@example.com",
  brief: "A new site for our pottery studio, live by spring.",
};

describe("the contact form the server renders", () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp({ env: { CONTACT_RATE_LIMIT: "1000" } });
  });
  afterAll(() => built.services.stop());

  /** A fresh /contact page: its form, and the right answer to its spam question. */
  async function contactPage() {
    const page = await request(built.app).get("/contact").expect(200);
    const form = renderedForm(page.text);
    const [, a, b] = /Spam check: what is (\d+) \+ (\d+)\?/.exec(page.text) ?? [];
    if (a === undefined || b === undefined) throw new Error("no spam question on /contact");
    return { form, rightAnswer: String(Number(a) + Number(b)) };
  }

  /** Posts the form as a browser without JavaScript would. */
  const post = (fields: Record<string, string>) =>
    request(built.app).post("/contact").set("Accept", "text/html").type("form").send(fields);

  it("names only fields the enquiry handler reads, and has one for each field the schema requires", async () => {
    const { form } = await contactPage();
    const named = new Set(form.controls.map((control) => attr(control, "name")));
    const read = new Set<string>([...enquiryFields, ...Object.values(formFields)]);
    expect([...named].filter((name) => name && !read.has(name))).toEqual([]);
    // What the schema cannot do without: the fields it reports missing from an empty enquiry.
    const checked = checkEnquiry({});
    const required = checked.ok ? [] : Object.keys(checked.errors);
    expect(required).toEqual(expect.arrayContaining(["name", "email", "need", "brief"]));
    for (const field of [...required, ...enquiryFields, ...Object.values(formFields)])
      expect(named, `an input named "${field}"`).toContain(field);
  });

  it("has the honeypot the handler checks: as sent by a bot that fills it, the enquiry is refused as spam", async () => {
    const { form, rightAnswer } = await contactPage();
    const honeypot = form.labelled(/Leave this field empty/);
    expect(honeypot && attr(honeypot, "name")).toBe(formFields.honeypot);
    const name = (honeypot && attr(honeypot, "name")) ?? "";
    const refused = await post(
      form.sent({ ...visitor, [formFields.answer]: rightAnswer, [name]: "https://cheap-pills.example" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(spamMessage);
  });

  it("as a person sends it (the honeypot empty, the defaults as rendered), the enquiry is accepted", async () => {
    const { form, rightAnswer } = await contactPage();
    const accepted = await post(form.sent({ ...visitor, [formFields.answer]: rightAnswer }));
    // Sent on to a page of its own, which thanks the visitor by the name in the note it set.
    expect(accepted.status).toBe(303);
    const note = String(accepted.headers["set-cookie"]).split(";")[0] ?? "";
    const sent = await request(built.app)
      .get(accepted.headers.location ?? "")
      .set("Cookie", note);
    expect(sent.text).toContain("Thanks, Ada!");
  });
});
