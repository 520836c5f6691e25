import { type FormEvent, type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  answerMaxDigits,
  budgets,
  conditionalFields,
  enquiryDefaults,
  enquiryLabels,
  enquiryLimits,
  fieldsHiddenFor,
  formFields,
  needs,
  type SpamChallenge,
  siteTypes,
} from "../../lib/enquiry.ts";
import {
  checkBeforeSending,
  type EnquiryReply,
  enquiryFormReducer,
  enquiryFormStateAfter,
  type FormErrors,
  type FormField,
  type FormValues,
  firstProblem,
  formValuesOf,
  statusLine,
} from "../../lib/enquiry-form.ts";
import { useHydrated } from "../useDevice.ts";
import styles from "./EnquiryForm.module.css";

const idOf = (field: FormField) => `enquiry-${field}`;
const isConditional = (field: FormField) => (conditionalFields as readonly string[]).includes(field);

/**
 * What the visitor has put in the server's form so far, read while React hydrates it (before it touches a field):
 * the page's scripts start after the first paint, and a need chosen or words typed meanwhile are the visitor's.
 * Nothing where there is no server's form (the server itself, a client-side navigation to the page).
 */
function valuesInDocument(): FormValues | undefined {
  if (typeof document === "undefined") return undefined;
  const form = document.querySelector<HTMLInputElement>(`#${idOf("name")}`)?.form;
  return form ? formValuesOf(new FormData(form)) : undefined;
}

/** The groups of conditional questions, each hidden when the need asks none of its questions. */
const groups = { website: ["site", "site_type"], project: ["improve", "budget"] } as const;

/**
 * What a need's option names as not asked (`data-hides`): the questions, and the groups with none left. The
 * stylesheet hides what the chosen option names, so the questions follow the need from the first paint and
 * without JavaScript (decision 0210); the rule itself is `fieldsShownFor` in src/lib/enquiry.ts.
 */
function hiddenBy(need: string): string | undefined {
  const fields: readonly string[] = fieldsHiddenFor(need);
  const emptied = Object.entries(groups)
    .filter(([, inGroup]) => inGroup.every((field) => fields.includes(field)))
    .map(([group]) => `${group}-group`);
  return [...fields, ...emptied].join(" ") || undefined;
}

/**
 * The enquiry form (R5). Without JavaScript it posts to the /contact action and the page shows the result;
 * with JavaScript it checks itself with the shared schema, then submits in the background without a reload.
 * What it shows and where focus goes come from one reducer (src/lib/enquiry-form.ts).
 */
export function EnquiryForm({ challenge, posted }: { challenge: SpamChallenge; posted?: EnquiryReply }) {
  const fetcher = useFetcher<EnquiryReply>();
  const hydrated = useHydrated();
  const [state, dispatch] = useReducer(enquiryFormReducer, posted, enquiryFormStateAfter);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The fetcher's data lives outside React's state (React Router keeps it in a mutable map that is written
  // before the router's own state update renders), so an effect keyed on it can miss a new reply. The reply is
  // taken into this component's state during render instead, once the fetcher is idle, exactly once.
  const [handled, setHandled] = useState<EnquiryReply>();
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  if (reply && reply !== handled) {
    setHandled(reply);
    dispatch({ type: "reply", reply });
  }

  const submitting = fetcher.state !== "idle";
  const errors: FormErrors = state.shown?.errors ?? {};
  const question = state.challenge ?? challenge;
  const line = statusLine(submitting, state.shown);
  // The fields start from what the visitor left in the server's form when React hydrated it (decision 0210); the
  // server renders them from the words a refusal posted without JavaScript sent back. They stay the fields'
  // defaults until a success starts them afresh: a default that changed would reset a field the visitor left alone.
  const [before] = useState(() => (hydrated ? undefined : valuesInDocument()));
  const values =
    state.sent > 0 ? undefined : (before ?? (posted?.answer.status === "fail" ? posted.values : undefined));
  // The page's spam question keeps its answer; a new question starts empty.
  const [pageQuestion] = useState(question.token);

  // Focus follows the reducer: the first field to fix, or the status line that tells the outcome.
  useEffect(() => {
    if (!state.focus) return;
    const { target } = state.focus;
    const field = target === "status" ? null : formRef.current?.querySelector<HTMLElement>(`#${idOf(target)}`);
    (field ?? statusRef.current)?.focus();
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

      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor="enquiry-website">Leave this field empty</label>
        <input id="enquiry-website" name={formFields.honeypot} type="text" tabIndex={-1} autoComplete="off" />
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

interface FieldsProps {
  values?: FormValues;
  errors: FormErrors;
  question: SpamChallenge;
  /** The spam answer to start from: the page's own question's only. */
  answer?: string;
}

/**
 * The fields themselves; keyed by the form so a successful send starts them afresh at the defaults. None is
 * controlled: React never writes a field's value back over the visitor's, before or after hydration. Every
 * question is rendered; the stylesheet hides those the chosen need does not ask, and the server files them as
 * 'N/A' whatever they hold (the one rule, in src/lib/enquiry.ts).
 */
function EnquiryFields({ values = {}, errors, question, answer }: FieldsProps) {
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
        <select {...field("need")} aria-required="true" defaultValue={values.need ?? enquiryDefaults.need}>
          {needs.map((option) => (
            <option key={option} data-hides={hiddenBy(option)}>
              {option}
            </option>
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

      <fieldset className={styles.group} data-hide-as="website-group">
        <legend>About your website</legend>
        <p className={styles.groupHint}>Only for Web &amp; Ecommerce. Skip it otherwise.</p>
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

      <fieldset className={styles.group} data-hide-as="project-group">
        <legend>About the project</legend>
        <p className={styles.groupHint}>
          For Web &amp; Ecommerce, Branding, Social Media, Digital Marketing and Brand Strategy.
        </p>
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
        name={formFields.answer}
        label={`Spam check: what is ${question.a} + ${question.b}?`}
        required
        error={errors.answer}
        hint="Two numbers, one sum: it keeps the robots out."
      >
        <input
          {...field(formFields.answer)}
          // A new question clears the old answer.
          key={question.token}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={answerMaxDigits}
          className={styles.short}
          defaultValue={answer}
        />
      </Field>
      <input type="hidden" name={formFields.challenge} value={question.token} />
    </>
  );
}

function describedBy(name: FormField, errors: FormErrors): string | undefined {
  const ids = [name === formFields.answer ? `${idOf(name)}-hint` : "", errors[name] ? `${idOf(name)}-error` : ""];
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
    <div
      className={styles.field}
      data-invalid={props.error ? "" : undefined}
      data-hide-as={isConditional(props.name) ? props.name : undefined}
    >
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
