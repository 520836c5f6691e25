import { checkEnquiry, type EnquiryField, enquiryFields, type FieldErrors } from "./enquiry.ts";
import {
  answerShapeMessage,
  type EnquiryAnswer,
  formFields,
  isAnswerShaped,
  type SpamChallenge,
} from "./enquiry-desk.ts";

/**
 * The contact form's states (R4.7, R5), as a reducer so they are tested without a browser: what the status line
 * says, which fields are marked, which spam question shows, which words fill the fields again, and where focus
 * goes. The component only renders this and moves focus where it says.
 */

/** The ten fields and the spam answer: everything the visitor fills in. */
export type FormField = EnquiryField | typeof formFields.answer;
export type FormErrors = FieldErrors & { answer?: string };

/** The order the form asks in, and so the order in which problems are visited. */
export const fieldOrder: readonly FormField[] = [...enquiryFields, formFields.answer];

/** What the /contact action answers: the server's answer, the spam question to show next, what was sent. */
export interface EnquiryReply {
  answer: EnquiryAnswer;
  challenge?: SpamChallenge;
  /** The visitor's own words, to fill the form again after a refusal (the page without JavaScript). */
  values?: FormValues;
}

/** What the visitor has in each field, by field name. */
export type FormValues = Partial<Record<FormField, string>>;

/**
 * The visitor's values among a form's entries (`new FormData(form)`): the chosen option of each select, the checked
 * radio, the text of each field. The form starts from them when React hydrates it (decision 0210).
 */
export function formValuesOf(entries: Iterable<[string, FormDataEntryValue]>): FormValues {
  const values: FormValues = {};
  for (const [name, value] of entries) {
    if (typeof value === "string" && (fieldOrder as readonly string[]).includes(name))
      values[name as FormField] = value;
  }
  return values;
}

/** Where focus goes: a field to fix, or the status line that tells the outcome. */
export type FocusTarget = FormField | "status";

export interface EnquiryFormState {
  /** The last outcome shown: the form's own refusal or the server's reply (none before the first, or while sending). */
  shown?: { answer: EnquiryAnswer; errors: FormErrors };
  /** The spam question the server asked last; none means the page's own (the loader's) question. */
  challenge?: SpamChallenge;
  /** Bumped on each success: the fields are keyed by it, so they start afresh at the defaults. */
  sent: number;
  /** Where focus should go after the last outcome; `serial` makes the same target twice a new request. */
  focus?: { target: FocusTarget; serial: number };
}

export type EnquiryFormEvent =
  /** The visitor pressed Send: the form's own check ran over these values. */
  | { type: "submit"; values: Record<string, string> }
  /** The server answered (or the request failed, as a "fail" answer). */
  | { type: "reply"; reply: EnquiryReply };

export const initialEnquiryFormState: EnquiryFormState = { sent: 0 };

/** The page after a post without JavaScript: the server's reply is shown, and focus stays where the page puts it. */
export function enquiryFormStateAfter(posted: EnquiryReply | undefined): EnquiryFormState {
  if (!posted) return initialEnquiryFormState;
  const { shown, challenge } = enquiryFormReducer(initialEnquiryFormState, { type: "reply", reply: posted });
  return { shown, challenge, sent: 0 };
}

/** The form's own check before anything is sent: the shared schema, and an answer the server can read. */
export function checkBeforeSending(values: Record<string, string>): FormErrors {
  const checked = checkEnquiry(values);
  const errors: FormErrors = checked.ok ? {} : { ...checked.errors };
  if (!isAnswerShaped(values[formFields.answer] ?? "")) errors.answer = answerShapeMessage;
  return errors;
}

export function firstProblem(errors: FormErrors): FormField | undefined {
  return fieldOrder.find((field) => errors[field]);
}

function focusOn(state: EnquiryFormState, target: FocusTarget): EnquiryFormState["focus"] {
  return { target, serial: (state.focus?.serial ?? 0) + 1 };
}

export function enquiryFormReducer(state: EnquiryFormState, event: EnquiryFormEvent): EnquiryFormState {
  switch (event.type) {
    case "submit": {
      const errors = checkBeforeSending(event.values);
      const first = firstProblem(errors);
      // On its way: the old outcome goes (the status line says "Loading..." until the reply).
      if (!first) return { ...state, shown: undefined };
      const answer: EnquiryAnswer = { status: "fail", message: errors[first] as string };
      return { ...state, shown: { answer, errors }, focus: focusOn(state, first) };
    }
    case "reply": {
      const { answer, challenge } = event.reply;
      if (answer.status === "success")
        return { shown: { answer, errors: {} }, sent: state.sent + 1, focus: focusOn(state, "status") };
      const errors = answer.errors ?? {};
      return {
        ...state,
        shown: { answer, errors },
        challenge: challenge ?? state.challenge,
        focus: focusOn(state, firstProblem(errors) ?? "status"),
      };
    }
  }
}

/** What the form's status line shows (R4.7): "Loading...", then the answer's message with its status as class. */
export interface StatusLine {
  text: string;
  /** "success" or "fail" (the answer's status, used as the style class); undefined while idle or loading. */
  status?: EnquiryAnswer["status"];
}

export const loadingText = "Loading...";

/** The status line while an enquiry is on its way (`submitting`), or for the last outcome shown. */
export function statusLine(submitting: boolean, shown: EnquiryFormState["shown"]): StatusLine {
  if (submitting) return { text: loadingText };
  return shown ? { text: shown.answer.message, status: shown.answer.status } : { text: "" };
}
