// Shared with the server: the enquiry desk and its API answer in these shapes (server/enquiries/).
import type { FieldErrors } from "./enquiry.ts";

/**
 * What passes between the contact form (or an API client) and the server's enquiry desk: the spam question, the
 * form's own fields beside the enquiry's ten, and what a submission gets back. The enquiry itself, its fields and
 * its rules, is enquiry.ts.
 */

/** The spam question: two whole numbers from 0 to 10, signed by the server so it can check the answer. */
export interface SpamChallenge {
  a: number;
  b: number;
  token: string;
}

export const spamMessage = "You failed the spam protection.";

/** The form's own fields beside the ten: the spam question's signed token, the visitor's answer, the honeypot. */
export const formFields = { challenge: "challenge", answer: "answer", honeypot: "website" } as const;

/** The spam answer is a sum of two numbers from 0 to 10: digits only, and never more than three of them. */
export const answerMaxDigits = 3;
export const answerShapeMessage = "Please answer the sum with a whole number.";
const answerShape = new RegExp(`^\\d{1,${answerMaxDigits}}$`);

/** Whether an answer is a whole number the server can check (surrounding spaces allowed). */
export function isAnswerShaped(value: string): boolean {
  return answerShape.test(value.trim());
}

/** What the site answers to an enquiry (R7): `status` is the status line's class, `message` its text. */
export interface EnquiryAnswer {
  status: "success" | "fail";
  message: string;
  /** One message per field that needs fixing, for the form to show beside each field. */
  errors?: FieldErrors & { answer?: string };
}

/** The outcome of a submission: the answer, its HTTP status, and the spam question the form should show next. */
export interface EnquiryResult {
  httpStatus: number;
  answer: EnquiryAnswer;
  /** Present on a failure: the question to keep (its answer was right) or a fresh one (it was wrong or stale). */
  challenge?: SpamChallenge;
  /** When the enquiry could not be stored for now (503): seconds to wait before sending it again. */
  retryAfterSeconds?: number;
}

/** The enquiry desk loaders and actions use: a spam question for the form, and the one way to submit. */
export interface EnquiryDesk {
  newChallenge(): SpamChallenge;
  submit(fields: Record<string, unknown>): Promise<EnquiryResult>;
}
