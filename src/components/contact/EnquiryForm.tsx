import { type FormEvent, useEffect, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  checkBeforeSending,
  type EnquiryReply,
  enquiryFormReducer,
  enquiryFormStateAfter,
  type FocusTarget,
  type FormErrors,
  type FormValues,
  firstProblem,
  formValuesOf,
  statusLine,
} from "../../lib/enquiry-form.ts";
import { formFields, type SpamChallenge } from "../../shared/enquiry-api.ts";
import { useHydrated } from "../useDevice.ts";
import { EnquiryFields, idOf } from "./EnquiryFields.tsx";
import styles from "./EnquiryForm.module.css";

// The page's scripts start after the first paint, and a need chosen or words typed meanwhile are the visitor's: read
// them from the server's form while React hydrates it, before it touches a field.
function valuesInDocument(): FormValues | undefined {
  if (typeof document === "undefined") return undefined;
  const form = document.querySelector<HTMLInputElement>(`#${idOf("name")}`)?.form;
  return form ? formValuesOf(new FormData(form)) : undefined;
}

/** Without JavaScript it posts to the /contact action; with it, it checks itself and submits without a reload. */
export function EnquiryForm({ challenge, posted }: { challenge: SpamChallenge; posted?: EnquiryReply }) {
  const fetcher = useFetcher<EnquiryReply>();
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(enquiryFormReducer, posted, enquiryFormStateAfter);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEachReply(fetcher.state === "idle" ? fetcher.data : undefined, (reply) => dispatch({ type: "reply", reply }));

  const submitting = fetcher.state !== "idle";
  const errors: FormErrors = state.shown?.errors ?? {};
  const question = state.challenge ?? challenge;
  const line = statusLine(submitting, state.shown);
  // Once set, the fields' defaults stay until a success starts them afresh: a default that changed would reset a field
  // the visitor left alone.
  const [before] = useState(() => (hydrated ? undefined : valuesInDocument()));
  const values =
    state.sent > 0 ? undefined : (before ?? (posted?.answer.status === "fail" ? posted.values : undefined));
  // The page's spam question keeps its answer; a new question starts empty.
  const [pageQuestion] = useState(question.token);

  useEffect(() => {
    if (state.focus) focusTarget(state.focus.target, formRef.current, statusRef.current);
  }, [state.focus]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    if (firstProblem(checkBeforeSending(values))) event.preventDefault();
    dispatch({ type: "submit", values });
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      // Without JavaScript the answer is a new page: the fragment takes the visitor straight to the status line.
      action="/contact#enquiry-status"
      className={styles.form}
      noValidate={hydrated}
      onSubmit={onSubmit}
      aria-labelledby="enquiry-title"
    >
      <h2 id="enquiry-title" className={styles.title}>
        Start a project
      </h2>
      <p className={styles.lead}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <EnquiryFields
        key={state.sent}
        values={values}
        errors={errors}
        question={question}
        answer={question.token === pageQuestion ? values?.answer : undefined}
      />

      <Honeypot />

      <div className={styles.actions}>
        <button type="submit" className="button" disabled={submitting}>
          Send enquiry
        </button>
        <p
          ref={statusRef}
          id="enquiry-status"
          role="status"
          tabIndex={-1}
          className={[styles.status, line.status].filter(Boolean).join(" ")}
        >
          {line.text}
        </p>
      </div>
    </fetcher.Form>
  );
}

// React Router writes fetcher data to a mutable map before its state update renders, so an effect keyed on it can miss
// a reply: each reply is taken into state during render instead, once the fetcher is idle.
function useEachReply(reply: EnquiryReply | undefined, take: (reply: EnquiryReply) => void) {
  const [handled, setHandled] = useState<EnquiryReply>();
  if (reply && reply !== handled) {
    setHandled(reply);
    take(reply);
  }
}

function focusTarget(target: FocusTarget, form: HTMLFormElement | null, status: HTMLElement | null) {
  const field = target === "status" ? null : form?.querySelector<HTMLElement>(`#${idOf(target)}`);
  (field ?? status)?.focus();
}

/** Left empty by people, who neither see nor reach it; filled in by many robots. */
function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor="enquiry-website">Leave this field empty</label>
      <input id="enquiry-website" name={formFields.honeypot} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
