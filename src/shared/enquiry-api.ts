// Shared with the server: the enquiry handler and its API answer in these shapes (server/enquiries/).
import type { FieldErrors } from "./enquiry.ts";

// What passes between the contact form (or an API client) and the server; the enquiry's own rules are enquiry.ts.

/** Two whole numbers from 0 to 10, signed by the server so it can check the answer. */
export interface SpamChallenge {
  a: number;
  b: number;
  token: string;
}

export const spamMessage = "You failed the spam protection.";

/** The success line; without the visitor's first name (a note that did not come back) it thanks them all the same. */
export function sentMessage(firstName?: string): string {
  return `Thanks${firstName ? `, ${firstName}` : ""}! Your enquiry is safely with us, and a real person will reply within one working day.`;
}

export const formFields = { challenge: "challenge", answer: "answer", honeypot: "website" } as const;

/** A sum of two numbers from 0 to 10: digits only, and never more than three of them. */
export const answerMaxDigits = 3;
const answerShape = new RegExp(`^\\d{1,${answerMaxDigits}}$`);

export function isAnswerShaped(value: string): boolean {
  return answerShape.test(value.trim());
}

/** `status` is the status line's class, `message` its text. */
export interface EnquiryAnswer {
  status: "success" | "fail";
  message: string;
  errors?: FieldErrors & { answer?: string };
}

export interface EnquiryResult {
  httpStatus: number;
  answer: EnquiryAnswer;
  /** On a failure: the question to keep (its answer was right) or a fresh one (it was wrong or stale). */
  challenge?: SpamChallenge;
  /** After a 503: seconds to wait before sending it again. */
  retryAfterSeconds?: number;
  /** On a success: the visitor's first name, for the page a form post without JavaScript is sent on to. */
  firstName?: string;
}

export interface EnquiryHandler {
  newChallenge(): SpamChallenge;
  submit(fields: Record<string, unknown>): Promise<EnquiryResult>;
  /** A Set-Cookie value keeping the first name for the page a form post without JavaScript is sent on to. */
  noteSent(firstName: string): Promise<string>;
  /** The first name from that note, if the request carries one of ours that is recent. */
  readSent(cookieHeader: string | null): Promise<string | undefined>;
}
