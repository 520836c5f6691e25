import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  budgets,
  checkEnquiry,
  type EnquiryAnswer,
  type EnquiryField,
  enquiryDefaults,
  enquiryLabels,
  enquiryLimits,
  type FieldErrors,
  fieldsShownFor,
  needs,
  type SpamChallenge,
  siteTypes,
} from "../../lib/enquiry.ts";
import { useHydrated } from "../useDevice.ts";
import styles from "./EnquiryForm.module.css";
import { statusLine } from "./status-line.ts";

/** The spam answer's field and the other form-only fields, beside the spec's ten. */
type FormField = EnquiryField | "answer";
type Errors = FieldErrors & { answer?: string };

/** What the /contact action answers: the server's answer, the spam question to show next, what was sent. */
export interface EnquiryReply {
  answer: EnquiryAnswer;
  challenge?: SpamChallenge;
  /** The visitor's own words, to fill the form again after a refusal (the page without JavaScript). */
  values?: Partial<Record<FormField, string>>;
}

const idOf = (field: FormField) => `enquiry-${field}`;
const fieldOrder: FormField[] = ["name", "email", "need", "brief", "site", "site_type", "improve", "budget"];

/**
 * The enquiry form (R5). Without JavaScript it posts to the /contact action and the page shows the result;
 * with JavaScript it checks itself with the shared schema, then submits in the background without a reload.
 */
export function EnquiryForm({ challenge, posted }: { challenge: SpamChallenge; posted?: EnquiryReply }) {
  const fetcher = useFetcher<EnquiryReply>();
  const hydrated = useHydrated();
  const [refused, setRefused] = useState<{ answer: EnquiryAnswer; errors: Errors }>();
  const [sent, setSent] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const reply = fetcher.data ?? posted;
  const submitting = fetcher.state === "submitting";
  const errors: Errors = refused?.errors ?? (reply?.answer.status === "fail" ? (reply.answer.errors ?? {}) : {});
  const question = reply?.answer.status === "fail" && reply.challenge ? reply.challenge : challenge;
  const line = statusLine({ submitting, refused: refused?.answer, answer: reply?.answer });
  // Values to show again: only after a refusal posted without JavaScript (with it, the fields keep their text).
  const values = fetcher.data ? undefined : posted?.answer.status === "fail" ? posted.values : undefined;

  // A new answer from the server: reset on success, otherwise take the visitor to the first thing to fix.
  useEffect(() => {
    const answer = fetcher.data?.answer;
    if (!answer) return;
    if (answer.status === "success") {
      setSent((count) => count + 1);
      statusRef.current?.focus();
    } else {
      focusFirstError(formRef.current, answer.errors ?? {}, statusRef.current);
    }
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries(
      [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    const checked = checkEnquiry(fields);
    const found: Errors = checked.ok ? {} : { ...checked.errors };
    if (!/^\s*\d{1,3}\s*$/.test(fields.answer ?? "")) found.answer = "Please answer the sum with a whole number.";
    const first = [...fieldOrder, "answer" as const].find((field) => found[field]);
    if (first) {
      event.preventDefault();
      setRefused({ answer: { status: "fail", message: found[first] as string }, errors: found });
      focusFirstError(event.currentTarget, found, statusRef.current);
      return;
    }
    setRefused(undefined);
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
      <EnquiryFields key={sent} values={values} errors={errors} hydrated={hydrated} question={question} />

      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="enquiry-website">Leave this field empty</label>
        <input id="enquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>

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

function focusFirstError(form: HTMLFormElement | null, errors: Errors, fallback: HTMLElement | null) {
  const first = [...fieldOrder, "answer" as const].find((field) => errors[field]);
  const target = first ? form?.querySelector<HTMLElement>(`#${idOf(first)}`) : null;
  (target ?? fallback)?.focus();
}

interface FieldsProps {
  values?: Partial<Record<FormField, string>>;
  errors: Errors;
  hydrated: boolean;
  question: SpamChallenge;
}

/** The fields themselves; keyed by the form so a successful send starts them afresh at the defaults. */
function EnquiryFields({ values = {}, errors, hydrated, question }: FieldsProps) {
  const [need, setNeed] = useState(values.need ?? enquiryDefaults.need);
  // Without JavaScript every question shows (the server applies the 'N/A' rules); with it, only those that apply.
  const shown = hydrated ? fieldsShownFor(need) : fieldsShownFor(enquiryDefaults.need);
  const field = (name: FormField) => ({
    id: idOf(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name, errors),
  });

  return (
    <>
      <div className={styles.pair}>
        <Field name="name" label={enquiryLabels.name} required error={errors.name}>
          <input
            {...field("name")}
            type="text"
            placeholder="First & Last"
            autoComplete="name"
            required
            maxLength={enquiryLimits.name}
            defaultValue={values.name}
          />
        </Field>
        <Field name="email" label={enquiryLabels.email} required error={errors.email}>
          <input
            {...field("email")}
            type="email"
            placeholder="you@company.co.uk"
            autoComplete="email"
            required
            maxLength={enquiryLimits.email}
            defaultValue={values.email}
          />
        </Field>
      </div>

      <Field name="need" label={enquiryLabels.need} required error={errors.need}>
        <select {...field("need")} aria-required="true" value={need} onChange={(event) => setNeed(event.target.value)}>
          {needs.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </Field>

      <Field name="brief" label={enquiryLabels.brief} required error={errors.brief}>
        <textarea
          {...field("brief")}
          rows={5}
          required
          maxLength={enquiryLimits.brief}
          placeholder="What are you making, who is it for, and when do you need it?"
          defaultValue={values.brief}
        />
      </Field>

      {shown.includes("site") || shown.includes("site_type") ? (
        <fieldset className={styles.group}>
          <legend>About your website</legend>
          {hydrated ? null : <p className={styles.groupHint}>Only for Web &amp; Ecommerce. Skip it otherwise.</p>}
          <div className={styles.pair}>
            <Field name="site" label={enquiryLabels.site} error={errors.site}>
              <input
                {...field("site")}
                type="text"
                inputMode="url"
                placeholder="www.yourcompany.co.uk"
                maxLength={enquiryLimits.site}
                defaultValue={values.site}
              />
            </Field>
            <Field name="site_type" label={enquiryLabels.site_type} error={errors.site_type}>
              <select {...field("site_type")} defaultValue={values.site_type ?? enquiryDefaults.site_type}>
                {siteTypes.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </Field>
          </div>
        </fieldset>
      ) : null}

      {shown.includes("improve") || shown.includes("budget") ? (
        <fieldset className={styles.group}>
          <legend>About the project</legend>
          {hydrated ? null : (
            <p className={styles.groupHint}>
              For Web &amp; Ecommerce, Branding, Social Media, Digital Marketing and Brand Strategy.
            </p>
          )}
          <Field name="improve" label={enquiryLabels.improve} error={errors.improve}>
            <textarea
              {...field("improve")}
              rows={3}
              maxLength={enquiryLimits.improve}
              placeholder="What isn't working today, and what would good look like?"
              defaultValue={values.improve}
            />
          </Field>
          <Field name="budget" label={enquiryLabels.budget} error={errors.budget}>
            <select {...field("budget")} defaultValue={values.budget ?? enquiryDefaults.budget}>
              {budgets.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </Field>
        </fieldset>
      ) : null}

      <Field name="message" label={enquiryLabels.message} error={errors.message}>
        <textarea
          {...field("message")}
          rows={3}
          maxLength={enquiryLimits.message}
          placeholder="Deadlines, links, a favourite font. Optional."
          defaultValue={values.message}
        />
      </Field>

      <fieldset className={styles.choice} aria-describedby={errors.biscuits ? "enquiry-biscuits-error" : undefined}>
        <legend>{enquiryLabels.biscuits}</legend>
        <div className={styles.pills}>
          {(["yes", "no"] as const).map((option) => (
            <label key={option} className={styles.pill}>
              <input
                type="radio"
                name="biscuits"
                value={option}
                defaultChecked={(values.biscuits ?? enquiryDefaults.biscuits) === option}
              />
              <span>{option === "yes" ? "Yes, obviously" : "No thanks"}</span>
            </label>
          ))}
        </div>
        <FieldError name="biscuits" error={errors.biscuits} />
      </fieldset>

      <Field
        name="answer"
        label={`Spam check: what is ${question.a} + ${question.b}?`}
        required
        error={errors.answer}
        hint="Two numbers, one sum: it keeps the robots out."
      >
        <input
          {...field("answer")}
          // A new question clears the old answer.
          key={question.token}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={3}
          className={styles.short}
          defaultValue={values.answer}
        />
      </Field>
      <input type="hidden" name="challenge" value={question.token} />
    </>
  );
}

function describedBy(name: FormField, errors: Errors): string | undefined {
  const ids = [name === "answer" ? "enquiry-answer-hint" : "", errors[name] ? `${idOf(name)}-error` : ""];
  return ids.filter(Boolean).join(" ") || undefined;
}

function Field(props: {
  name: FormField;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.field} data-invalid={props.error ? "" : undefined}>
      <label htmlFor={idOf(props.name)}>
        {props.label}
        {props.required ? (
          <span className={styles.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {props.hint ? (
        <p id={`${idOf(props.name)}-hint`} className={styles.hint}>
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <FieldError name={props.name} error={props.error} />
    </div>
  );
}

function FieldError({ name, error }: { name: FormField; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${idOf(name)}-error`} className={styles.error}>
      {error}
    </p>
  );
}
