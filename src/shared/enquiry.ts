// Shared with the server: the handler validates with this schema, and the mail and the outbox read its fields (server/enquiries/).
import * as z from "zod/mini";

// The contact enquiry in one place: the form renders and checks with it, the server accepts only what it
// accepts. zod/mini because the browser bundle carries it.

export const needs = [
  "Web & Ecommerce",
  "Graphic Design",
  "Branding",
  "Photography",
  "Packaging",
  "Social Media",
  "Digital Marketing",
  "Brand Strategy",
  "Other",
] as const;
export const siteTypes = ["One-page website", "Brochure website", "Ecommerce website", "Other website"] as const;
export const budgets = ["£0-500", "£500-1500", "£1500-3000", "£3000-5000", "£5000-7500", "£10000+"] as const;
const biscuitAnswers = ["yes", "no"] as const;

type Need = (typeof needs)[number];
type SiteType = (typeof siteTypes)[number];
type Budget = (typeof budgets)[number];
type BiscuitAnswer = (typeof biscuitAnswers)[number];

const notApplicable = "N/A";

export const enquiryDefaults = {
  need: "Web & Ecommerce",
  site_type: "One-page website",
  budget: "£0-500",
  message: "No message.",
  biscuits: "no",
} as const satisfies Partial<Enquiry>;

export const enquiryLimits = {
  name: 100,
  email: 254,
  site: 200,
  brief: 2000,
  improve: 2000,
  message: 3000,
} as const;

export const choiceLimit = 100;

/** The ten enquiry fields, in the order the form asks and the mail lists them. */
export const enquiryFields = [
  "name",
  "email",
  "need",
  "brief",
  "site",
  "site_type",
  "improve",
  "budget",
  "message",
  "biscuits",
] as const;
export type EnquiryField = (typeof enquiryFields)[number];

export const enquiryLabels: Record<EnquiryField, string> = {
  name: "Your name",
  email: "Email address",
  need: "What do you need?",
  brief: "The brief",
  site: "Your current website",
  site_type: "What kind of website?",
  improve: "What should be better?",
  budget: "Budget",
  message: "Anything else?",
  biscuits: "Biscuits at the first meeting?",
};

export interface Enquiry {
  name: string;
  email: string;
  need: Need;
  brief: string;
  site: string;
  site_type: SiteType | typeof notApplicable;
  improve: string;
  budget: Budget | typeof notApplicable;
  message: string;
  biscuits: BiscuitAnswer;
}

export const conditionalFields = ["site", "site_type", "improve", "budget"] as const;
export type ConditionalField = (typeof conditionalFields)[number];

const projectNeeds: readonly Need[] = ["Branding", "Social Media", "Digital Marketing", "Brand Strategy"];

export function fieldsShownFor(need: string): readonly ConditionalField[] {
  if (need === "Web & Ecommerce") return conditionalFields;
  if ((projectNeeds as readonly string[]).includes(need)) return ["improve", "budget"];
  return [];
}

export function fieldsHiddenFor(need: string): readonly ConditionalField[] {
  const shown = fieldsShownFor(need);
  return conditionalFields.filter((field) => !shown.includes(field));
}

// Bidirectional-override characters can make text in a mail client read differently from what was sent.
const bidiControls = /[\u202a-\u202e\u2066-\u2069]/g;

/** Control characters (CR and LF included) become a space, so nothing can start a new header. */
export function cleanLine(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(bidiControls, "")
    .trim();
}

export function cleanText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .replace(/(?!\n)\p{Cc}/gu, "")
    .replace(bidiControls, "")
    .trim();
}

// An RFC 2047 encoded word ("=?UTF-8?B?4oCuSmFuZQ==?="): a mail client decodes it, past every cleaning above.
const encodedWord = /=\?[^?\s]*\?[bq]\?[^?\s]*\?=/i;
// A value of only zero-width or other invisible characters has no visible letter.
const visibleLetter = /[\p{L}\p{N}]/u;

function headerRules(label: string) {
  return [
    z.refine<string>((value) => !encodedWord.test(value), {
      message: `${label} can't contain encoded text like "=?UTF-8?B?…?=". Please type it as plain text.`,
    }),
    z.refine<string>((value) => value === "" || visibleLetter.test(value), {
      message: `${label} must contain at least one visible letter or number.`,
    }),
  ];
}

interface TextRules {
  label: string;
  clean: (value: string) => string;
  limit: number;
  required?: string;
  header?: boolean;
}

function text({ label, clean, limit, required, header }: TextRules) {
  const tooLong = z.maxLength(limit, `${label} can be at most ${limit} characters.`);
  const checks = [...(required ? [z.minLength(1, required)] : []), tooLong, ...(header ? headerRules(label) : [])];
  return z.pipe(
    z.pipe(
      z.optional(z.string({ error: `${label} must be text.` })),
      z.transform((value) => clean(value ?? "")),
    ),
    z.string().check(...checks),
  );
}

function choice<const T extends readonly [string, ...string[]]>(
  options: T,
  messages: { required?: string; unknown: string },
) {
  // An optional choice may also arrive blank (its default applies) or as 'N/A' (a hidden field).
  const allowed = messages.required ? options : ([...options, "", notApplicable] as const);
  return z.pipe(
    text({ label: "The choice", clean: cleanLine, limit: choiceLimit, required: messages.required }),
    z.enum(allowed as unknown as T, messages.unknown),
  );
}

const fieldsSchema = z.object({
  name: text({
    label: "Your name",
    clean: cleanLine,
    limit: enquiryLimits.name,
    required: "Please tell us your name.",
    header: true,
  }),
  email: z.pipe(
    text({
      label: "The email address",
      clean: cleanLine,
      limit: enquiryLimits.email,
      required: "Please enter your email address.",
      header: true,
    }),
    z.email("Please enter a valid email address, like jane@example.com."),
  ),
  need: choice(needs, {
    required: "Please choose what you need.",
    unknown: "Please choose what you need from the list.",
  }),
  brief: text({
    label: "The brief",
    clean: cleanText,
    limit: enquiryLimits.brief,
    required: "Please tell us a little about the project.",
  }),
  site: text({ label: "Your current website", clean: cleanLine, limit: enquiryLimits.site }),
  site_type: choice(siteTypes, { unknown: "Please choose a kind of website from the list." }),
  improve: text({ label: "What should be better", clean: cleanText, limit: enquiryLimits.improve }),
  budget: choice(budgets, { unknown: "Please choose a budget from the list." }),
  message: text({ label: "Your message", clean: cleanText, limit: enquiryLimits.message }),
  biscuits: choice(biscuitAnswers, { unknown: "Biscuits must be yes or no." }),
});

function orDefault<T extends string>(value: string, fallback: T): T {
  return (value === "" || value === notApplicable ? fallback : value) as T;
}

export const enquirySchema = z.pipe(
  fieldsSchema,
  z.transform((fields): Enquiry => {
    const shown = fieldsShownFor(fields.need);
    return {
      name: fields.name,
      email: fields.email,
      need: fields.need,
      brief: fields.brief,
      site: shown.includes("site") ? fields.site : notApplicable,
      site_type: shown.includes("site_type") ? orDefault(fields.site_type, enquiryDefaults.site_type) : notApplicable,
      improve: shown.includes("improve") ? fields.improve : notApplicable,
      budget: shown.includes("budget") ? orDefault(fields.budget, enquiryDefaults.budget) : notApplicable,
      message: fields.message || enquiryDefaults.message,
      biscuits: orDefault(fields.biscuits, enquiryDefaults.biscuits),
    };
  }),
);

export type FieldErrors = Partial<Record<EnquiryField, string>>;

export type EnquiryCheck = { ok: true; enquiry: Enquiry } | { ok: false; errors: FieldErrors; message: string };

export function checkEnquiry(input: unknown): EnquiryCheck {
  const result = enquirySchema.safeParse(input);
  if (result.success) return { ok: true, enquiry: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (enquiryFields as readonly string[]).includes(field)) {
      errors[field as EnquiryField] ??= issue.message;
    }
  }
  const first = enquiryFields.find((field) => errors[field]);
  const message = first ? (errors[first] as string) : "Please send the enquiry's fields as an object.";
  return { ok: false, errors, message };
}
