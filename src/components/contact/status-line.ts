import type { EnquiryAnswer } from "../../lib/enquiry.ts";

/** What the form's status line shows (R4.7): "Loading...", then the answer's message with its status as class. */
export interface StatusLine {
  text: string;
  /** "success" or "fail" (the answer's status, used as the style class); undefined while idle or loading. */
  status?: EnquiryAnswer["status"];
}

export interface StatusInputs {
  /** The enquiry is on its way to the server. */
  submitting: boolean;
  /** The form's own check refused the last submit before it was sent. */
  refused?: EnquiryAnswer;
  /** The server's answer to the last enquiry sent. */
  answer?: EnquiryAnswer;
}

export const loadingText = "Loading...";

export function statusLine({ submitting, refused, answer }: StatusInputs): StatusLine {
  if (submitting) return { text: loadingText };
  const shown = refused ?? answer;
  return shown ? { text: shown.message, status: shown.status } : { text: "" };
}
