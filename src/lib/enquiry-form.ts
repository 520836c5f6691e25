import { checkEnquiry, type EnquiryField, enquiryFields, type FieldErrors } from "../shared/enquiry.ts";
import {
  type EnquiryAnswer,
  formFields,
  isAnswerShaped,
  type SpamChallenge,
  spamMessage,
} from "../shared/enquiry-api.ts";

// The contact form's states as a reducer, so they are tested without a browser: the component only
// renders them and moves focus where they say.

export type FormField = EnquiryField | typeof formFields.answer;
export type FormErrors = FieldErrors & { answer?: string };

const fieldOrder: readonly FormField[] = [...enquiryFields, formFields.answer];

export interface EnquiryReply {
  answer: EnquiryAnswer;
  challenge?: SpamChallenge;
  /** To fill the form again after a refusal, on the page without JavaScript. */
  values?: FormValues;
}

export type FormValues = Partial<Record<FormField, string>>;

/** What the visitor typed before React hydrated the form, so hydration does not wipe it. */
export function formValuesOf(entries: Iterable<[string, FormDataEntryValue]>): FormValues {
  const values: FormValues = {};
  for (const [name, value] of entries) {
    if (typeof value === "string" && (fieldOrder as readonly string[]).includes(name))
      values[name as FormField] = value;
  }
  return values;
}

export type FocusTarget = FormField | "status";

export interface EnquiryFormState {
  shown?: { answer: EnquiryAnswer; errors: FormErrors };
  challenge?: SpamChallenge;
  /** The fields are keyed by it, so each success starts them afresh at the defaults. */
  sent: number;
  /** `serial` makes the same target twice a new request. */
  focus?: { target: FocusTarget; serial: number };
}

export type EnquiryFormEvent =
  | { type: "submit"; values: Record<string, string> }
  | { type: "reply"; reply: EnquiryReply };

export const initialEnquiryFormState: EnquiryFormState = { sent: 0 };

/** The page after a post without JavaScript: focus stays where the page puts it. */
export function enquiryFormStateAfter(posted: EnquiryReply | undefined): EnquiryFormState {
  if (!posted) return initialEnquiryFormState;
  const { shown, challenge } = enquiryFormReducer(initialEnquiryFormState, { type: "reply", reply: posted });
  return { shown, challenge, sent: 0 };
}

export function checkBeforeSending(values: Record<string, string>): FormErrors {
  const checked = checkEnquiry(values);
  const errors: FormErrors = checked.ok ? {} : { ...checked.errors };
  if (!isAnswerShaped(values[formFields.answer] ?? "")) errors.answer = spamMessage;
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
      // On its way: the old outcome goes, so the status line says "Loading..." until the reply.
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

export interface StatusLine {
  text: string;
  status?: EnquiryAnswer["status"];
}

const loadingText = "Loading...";

export function statusLine(submitting: boolean, shown: EnquiryFormState["shown"]): StatusLine {
  if (submitting) return { text: loadingText };
  return shown ? { text: shown.answer.message, status: shown.answer.status } : { text: "" };
}
