import { describe, expect, it } from "vitest";
import {
  type EnquiryFormState,
  enquiryFormReducer,
  enquiryFormStateAfter,
  formValuesOf,
  initialEnquiryFormState,
  statusLine,
} from "../../src/lib/enquiry-form.ts";
import { spamMessage } from "../../src/shared/enquiry-api.ts";

const good = {
  name: "Jane Doe",
  email: "jane@example.com",
  need: "Web & Ecommerce",
  brief: "A new site for our pottery studio.",
  answer: "7",
};
const question = { a: 3, b: 4, token: "next-question" };

function run(...events: Parameters<typeof enquiryFormReducer>[1][]): EnquiryFormState {
  return events.reduce(enquiryFormReducer, initialEnquiryFormState);
}

describe("the contact form's states", () => {
  it("starts editing, with nothing shown and nowhere to move focus", () => {
    expect(initialEnquiryFormState).toEqual({ sent: 0 });
  });

  it("sends a form its own check accepts, and shows nothing new until the server answers", () => {
    const refused = run({ type: "submit", values: { ...good, name: "" } });
    const state = enquiryFormReducer(refused, { type: "submit", values: good });
    expect(state.shown).toBeUndefined();
    expect(state.focus).toBe(refused.focus);
  });

  it("refuses a form with problems before sending: marks each, says the first, focuses the first", () => {
    const state = run({ type: "submit", values: { ...good, name: "", email: "nope", answer: "" } });
    expect(state.shown?.answer).toEqual({ status: "fail", message: "Please tell us your name." });
    expect(Object.keys(state.shown?.errors ?? {})).toEqual(["name", "email", "answer"]);
    expect(state.focus?.target).toBe("name");
  });

  it("refuses a spam answer that is not a whole number of at most three digits, as the server refuses a wrong sum", () => {
    for (const answer of ["", "seven", "1234", "-1", "7.5"]) {
      const state = run({ type: "submit", values: { ...good, answer } });
      expect(state.shown?.errors.answer, answer).toBe(spamMessage);
      expect(state.focus?.target).toBe("answer");
    }
    expect(run({ type: "submit", values: { ...good, answer: " 12 " } }).shown).toBeUndefined();
  });

  it("after a wrong sum: shows the server's message, the new question, and focuses the answer", () => {
    const state = run(
      { type: "submit", values: good },
      {
        type: "reply",
        reply: {
          answer: { status: "fail", message: spamMessage, errors: { answer: spamMessage } },
          challenge: question,
        },
      },
    );
    expect(state.shown?.answer.message).toBe(spamMessage);
    expect(state.shown?.errors.answer).toBe(spamMessage);
    expect(state.challenge).toEqual(question);
    expect(state.focus?.target).toBe("answer");
    expect(state.sent).toBe(0);
  });

  it("after a refusal with no field to blame (rate limit, lost connection): focuses the status line", () => {
    const message = "Too many enquiries from your connection. Please try again later.";
    const state = run(
      { type: "submit", values: good },
      { type: "reply", reply: { answer: { status: "fail", message } } },
    );
    expect(state.shown?.answer).toEqual({ status: "fail", message });
    expect(state.focus?.target).toBe("status");
  });

  it("keeps the server's last question when the form itself then refuses", () => {
    const state = run(
      { type: "submit", values: good },
      { type: "reply", reply: { answer: { status: "fail", message: spamMessage }, challenge: question } },
      { type: "submit", values: { ...good, name: "" } },
    );
    expect(state.challenge).toEqual(question);
    expect(state.focus?.target).toBe("name");
  });

  it("after a success: shows the message, starts the fields afresh and focuses the status line", () => {
    const answer = { status: "success" as const, message: "Thanks, Jane!" };
    const state = run({ type: "submit", values: good }, { type: "reply", reply: { answer } });
    expect(state).toMatchObject({ shown: { answer, errors: {} }, sent: 1 });
    expect(state.challenge).toBeUndefined();
    expect(state.focus?.target).toBe("status");
  });

  it("asks for focus again when the same target comes twice", () => {
    const wrong = { type: "submit" as const, values: { ...good, name: "" } };
    const once = run(wrong);
    const twice = enquiryFormReducer(once, wrong);
    expect(twice.focus?.target).toBe(once.focus?.target);
    expect(twice.focus?.serial).not.toBe(once.focus?.serial);
  });
});

describe("the contact page after a post without JavaScript", () => {
  it("shows the server's reply and its new question, and moves no focus (the page's fragment does)", () => {
    const reply = { answer: { status: "fail" as const, message: spamMessage }, challenge: question };
    const state = enquiryFormStateAfter(reply);
    expect(state.shown?.answer).toEqual(reply.answer);
    expect(state.challenge).toEqual(question);
    expect(state.focus).toBeUndefined();
    expect(enquiryFormStateAfter(undefined)).toEqual(initialEnquiryFormState);
  });
});

describe("the values the form starts from when React hydrates it", () => {
  it("are the visitor's, field by field, without the form's own machinery", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Jane Doe",
      need: "Branding",
      budget: "£3000-5000",
      biscuits: "yes",
      answer: "7",
      challenge: "signed-token",
      website: "",
    }))
      form.append(name, value);
    form.append("brief", new Blob(["not a field's text"]));
    expect(formValuesOf(form)).toEqual({
      name: "Jane Doe",
      need: "Branding",
      budget: "£3000-5000",
      biscuits: "yes",
      answer: "7",
    });
  });
});

describe("the status line", () => {
  const shown = { answer: { status: "success" as const, message: "Thanks!" }, errors: {} };

  it("is empty before anything is sent", () => {
    expect(statusLine(false, undefined)).toEqual({ text: "" });
  });

  it("says Loading... while the enquiry is on its way, whatever it said before", () => {
    expect(statusLine(true, shown)).toEqual({ text: "Loading..." });
  });

  it("then shows the message with its status as the class", () => {
    expect(statusLine(false, shown)).toEqual({ text: "Thanks!", status: "success" });
  });
});
