import { describe, expect, it } from "vitest";
import {
  budgets,
  checkEnquiry,
  cleanLine,
  cleanText,
  conditionalFields,
  enquiryLimits,
  fieldsHiddenFor,
  fieldsShownFor,
  needs,
  siteTypes,
} from "../../src/shared/enquiry.ts";

const base = { name: "Ada Lovelace", email: "ada@example.com", need: "Web & Ecommerce", brief: "A new shop." };

function accepted(input: Record<string, unknown>) {
  const result = checkEnquiry(input);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.enquiry;
}

describe("the enquiry schema", () => {
  it("has the spec's option lists exactly", () => {
    expect(needs).toEqual([
      "Web & Ecommerce",
      "Graphic Design",
      "Branding",
      "Photography",
      "Packaging",
      "Social Media",
      "Digital Marketing",
      "Brand Strategy",
      "Other",
    ]);
    expect(siteTypes).toEqual(["One-page website", "Brochure website", "Ecommerce website", "Other website"]);
    expect(budgets).toEqual(["£0-500", "£500-1500", "£1500-3000", "£3000-5000", "£5000-7500", "£10000+"]);
  });

  it("fills the spec's defaults for what was left out", () => {
    expect(accepted(base)).toEqual({
      ...base,
      site: "",
      site_type: "One-page website",
      improve: "",
      budget: "£0-500",
      message: "No message.",
      biscuits: "no",
    });
  });

  it("asks all four questions for Web & Ecommerce, improve and budget for four needs, none for the rest", () => {
    expect(fieldsShownFor("Web & Ecommerce")).toEqual(["site", "site_type", "improve", "budget"]);
    for (const need of ["Branding", "Social Media", "Digital Marketing", "Brand Strategy"]) {
      expect(fieldsShownFor(need)).toEqual(["improve", "budget"]);
    }
    for (const need of ["Graphic Design", "Photography", "Packaging", "Other"])
      expect(fieldsShownFor(need)).toEqual([]);
  });

  it("hides what a need does not ask: the form's stylesheet and the server's N/A follow the same rule", () => {
    expect(fieldsHiddenFor("Web & Ecommerce")).toEqual([]);
    expect(fieldsHiddenFor("Branding")).toEqual(["site", "site_type"]);
    expect(fieldsHiddenFor("Photography")).toEqual(["site", "site_type", "improve", "budget"]);
    for (const need of needs)
      expect([...fieldsShownFor(need), ...fieldsHiddenFor(need)].sort()).toEqual([...conditionalFields].sort());
  });

  it("sends the questions a need does not ask as N/A, whatever arrived", () => {
    const sent = { ...base, site: "x.com", site_type: "Brochure website", improve: "Speed", budget: "£10000+" };
    expect(accepted({ ...sent, need: "Branding" })).toMatchObject({
      site: "N/A",
      site_type: "N/A",
      improve: "Speed",
      budget: "£10000+",
    });
    expect(accepted({ ...sent, need: "Other" })).toMatchObject({
      site: "N/A",
      site_type: "N/A",
      improve: "N/A",
      budget: "N/A",
    });
    expect(accepted({ ...sent, need: "Web & Ecommerce" })).toMatchObject({
      site: "x.com",
      site_type: "Brochure website",
      improve: "Speed",
      budget: "£10000+",
    });
  });

  it("requires name, email, need and brief, each with its own message", () => {
    const result = checkEnquiry({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(["name", "email", "need", "brief"]);
    expect(result.message).toBe("Please tell us your name.");
  });

  it("refuses unknown options, bad emails, non-text values and anything over its limit", () => {
    const refusal = (input: Record<string, unknown>) => {
      const result = checkEnquiry({ ...base, ...input });
      return result.ok ? undefined : result.errors;
    };
    expect(refusal({ need: "Knitting" })).toEqual({ need: "Please choose what you need from the list." });
    expect(refusal({ site_type: "Castle" })).toEqual({ site_type: "Please choose a kind of website from the list." });
    expect(refusal({ budget: "£1" })).toEqual({ budget: "Please choose a budget from the list." });
    expect(refusal({ biscuits: "maybe" })).toEqual({ biscuits: "Biscuits must be yes or no." });
    expect(refusal({ email: "ada@" })?.email).toMatch(/valid email address/);
    expect(refusal({ name: 42 })).toEqual({ name: "Your name must be text." });
    expect(refusal({ name: "a".repeat(enquiryLimits.name + 1) })?.name).toBe(
      "Your name can be at most 100 characters.",
    );
    expect(refusal({ message: "m".repeat(enquiryLimits.message + 1) })?.message).toMatch(/at most 3000/);
    expect(refusal({ name: "a".repeat(enquiryLimits.name) })).toBeUndefined();
  });

  it("removes control characters: one-line fields lose line breaks, text keeps them", () => {
    const enquiry = accepted({
      ...base,
      name: " Ada\r\nBcc: x@y.z\u0000 ",
      brief: "Line one\r\nLine two\u0007\u001b[31m\ttabbed\u202e",
    });
    expect(enquiry.name).toBe("Ada Bcc: x@y.z");
    expect(enquiry.brief).toBe("Line one\nLine two[31m tabbed");
    expect(cleanLine("a\u2028b")).toBe("a b");
    expect(cleanText("a\rb\u0085c")).toBe("a\nbc");
  });

  it("treats a field left blank after cleaning as missing", () => {
    const result = checkEnquiry({ ...base, name: "\r\n\t " });
    expect(result.ok ? undefined : result.errors.name).toBe("Please tell us your name.");
  });
});

describe("fields that go into mail headers", () => {
  it("refuses an RFC 2047 encoded word in the name or email, which a mail client would decode", () => {
    for (const name of ["=?UTF-8?B?4oCuSmFuZQ==?=", "Jane =?utf-8?q?=E2=80=AE?= Doe"]) {
      const result = checkEnquiry({ ...base, name });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors.name).toMatch(/can't contain encoded text/);
    }
    const result = checkEnquiry({ ...base, email: "=?UTF-8?B?YQ==?=@example.com" });
    expect(result.ok).toBe(false);
  });

  it("refuses a name with no visible letter (only zero-width or joining characters)", () => {
    for (const name of ["\u200b\u200c\u200d", "\u2060\ufeff", "\u200b ", "\u180e"]) {
      const result = checkEnquiry({ ...base, name });
      expect(result.ok, JSON.stringify(name)).toBe(false);
      if (!result.ok) expect(result.errors.name).toMatch(/Please tell us your name|at least one visible letter/);
    }
  });

  it("still takes names in any script, with marks and apostrophes", () => {
    for (const name of ["Zoë O'Brien", "Łukasz Żółć", "李小龍", "José-María", "محمد", "A"]) {
      expect(accepted({ ...base, name }).name).toBe(name);
    }
  });
});
