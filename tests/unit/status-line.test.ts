import { describe, expect, it } from "vitest";
import { statusLine } from "../../src/components/contact/status-line.ts";

describe("the contact form's status line", () => {
  it("is empty before anything is sent", () => {
    expect(statusLine({ submitting: false })).toEqual({ text: "" });
  });

  it("says Loading... while the enquiry is on its way, whatever it said before", () => {
    const answer = { status: "fail" as const, message: "You failed the spam protection." };
    expect(statusLine({ submitting: true, answer })).toEqual({ text: "Loading..." });
  });

  it("then shows the server's message with its status as the class", () => {
    const answer = { status: "success" as const, message: "Thanks!" };
    expect(statusLine({ submitting: false, answer })).toEqual({ text: "Thanks!", status: "success" });
  });

  it("shows the form's own refusal over an older answer", () => {
    const answer = { status: "success" as const, message: "Thanks!" };
    const refused = { status: "fail" as const, message: "Please tell us your name." };
    expect(statusLine({ submitting: false, answer, refused })).toEqual({
      text: "Please tell us your name.",
      status: "fail",
    });
  });
});
