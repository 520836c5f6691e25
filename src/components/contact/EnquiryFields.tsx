import type { InputHTMLAttributes, ReactNode } from "react";
import type { FormErrors, FormField, FormValues } from "../../lib/enquiry-form.ts";
import {
  budgets,
  conditionalFields,
  enquiryDefaults,
  enquiryLabels,
  enquiryLimits,
  fieldsHiddenFor,
  needs,
  siteTypes,
} from "../../shared/enquiry.ts";
import { answerMaxDigits, formFields, type SpamChallenge } from "../../shared/enquiry-api.ts";
import styles from "./EnquiryForm.module.css";

export const idOf = (field: FormField) => `enquiry-${field}`;
const isConditional = (field: FormField) => (conditionalFields as readonly string[]).includes(field);
type WrittenField = keyof typeof enquiryLimits;

const groups = { website: ["site", "site_type"], project: ["improve", "budget"] } as const;

// The stylesheet hides the questions the chosen option's `data-hides` names, so they follow the need from the first
// paint and without JavaScript.
function hiddenBy(need: string): string | undefined {
  const fields: readonly string[] = fieldsHiddenFor(need);
  const emptied = Object.entries(groups)
    .filter(([, inGroup]) => inGroup.every((field) => fields.includes(field)))
    .map(([group]) => `${group}-group`);
  return [...fields, ...emptied].join(" ") || undefined;
}

interface FieldsProps {
  values?: FormValues;
  errors: FormErrors;
  question: SpamChallenge;
  /** Only for the page's own question. */
  answer?: string;
}

// No field is controlled, so React never writes a value back over the visitor's, before or after hydration; the server
// files the questions a need does not ask as 'N/A' whatever they hold.
export function EnquiryFields({ values = {}, errors, question, answer }: FieldsProps) {
  const field = (name: FormField) => fieldAttributes(name, errors);

  const textInput = (name: WrittenField, input: InputHTMLAttributes<HTMLInputElement>) => (
    <Field name={name} label={enquiryLabels[name]} required={input.required} error={errors[name]}>
      <input {...field(name)} {...input} maxLength={enquiryLimits[name]} defaultValue={values[name]} />
    </Field>
  );
  const textArea = (name: WrittenField, rows: number, placeholder: string, required?: boolean) => (
    <Field name={name} label={enquiryLabels[name]} required={required} error={errors[name]}>
      <textarea
        {...field(name)}
        rows={rows}
        required={required}
        maxLength={enquiryLimits[name]}
        placeholder={placeholder}
        defaultValue={values[name]}
      />
    </Field>
  );
  const choice = (name: "site_type" | "budget", options: readonly string[]) => (
    <Field name={name} label={enquiryLabels[name]} error={errors[name]}>
      <select {...field(name)} defaultValue={values[name] ?? enquiryDefaults[name]}>
        {options.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </select>
    </Field>
  );

  return (
    <>
      <div className={styles.pair}>
        {textInput("name", { type: "text", placeholder: "First & Last", autoComplete: "name", required: true })}
        {textInput("email", { type: "email", placeholder: "you@company.co.uk", autoComplete: "email", required: true })}
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

      {textArea("brief", 5, "What are you making, who is it for, and when do you need it?", true)}

      <fieldset className={styles.group} data-hide-as="website-group">
        <legend>About your website</legend>
        <p className={styles.groupHint}>Only for Web &amp; Ecommerce. Skip it otherwise.</p>
        <div className={styles.pair}>
          {textInput("site", { type: "text", inputMode: "url", placeholder: "www.yourcompany.co.uk" })}
          {choice("site_type", siteTypes)}
        </div>
      </fieldset>

      <fieldset className={styles.group} data-hide-as="project-group">
        <legend>About the project</legend>
        <p className={styles.groupHint}>
          For Web &amp; Ecommerce, Branding, Social Media, Digital Marketing and Brand Strategy.
        </p>
        {textArea("improve", 3, "What isn't working today, and what would good look like?")}
        {choice("budget", budgets)}
      </fieldset>

      {textArea("message", 3, "Deadlines, links, a favourite font. Optional.")}

      <BiscuitsChoice chosen={values.biscuits} error={errors.biscuits} />

      <SpamCheck question={question} answer={answer} errors={errors} />
    </>
  );
}

function fieldAttributes(name: FormField, errors: FormErrors) {
  return {
    id: idOf(name),
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name, errors),
  };
}

function BiscuitsChoice({ chosen, error }: { chosen?: string; error?: string }) {
  return (
    <fieldset className={styles.choice} aria-describedby={error ? "enquiry-biscuits-error" : undefined}>
      <legend>{enquiryLabels.biscuits}</legend>
      <div className={styles.pills}>
        {(["yes", "no"] as const).map((option) => (
          <label key={option} className={styles.pill}>
            <input
              type="radio"
              name="biscuits"
              value={option}
              defaultChecked={(chosen ?? enquiryDefaults.biscuits) === option}
            />
            <span>{option === "yes" ? "Yes, obviously" : "No thanks"}</span>
          </label>
        ))}
      </div>
      <FieldError name="biscuits" error={error} />
    </fieldset>
  );
}

/** The sum the form asks, with the token that says which sum it was. */
function SpamCheck({ question, answer, errors }: { question: SpamChallenge; answer?: string; errors: FormErrors }) {
  return (
    <>
      <Field
        name={formFields.answer}
        label={`Spam check: what is ${question.a} + ${question.b}?`}
        required
        error={errors.answer}
        hint="Two numbers, one sum: it keeps the robots out."
      >
        <input
          {...fieldAttributes(formFields.answer, errors)}
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
