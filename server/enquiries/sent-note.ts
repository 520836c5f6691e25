import { createHmac } from "node:crypto";
import { createCookie } from "react-router";

export interface SentNoteOptions {
  /** FORM_SECRET; the note is signed with a key of its own derived from it. */
  secret: string;
  secure: boolean;
  now?: () => number;
}

/** Long enough for the redirect and a reload or two of the page it leads to. */
const noteMs = 10 * 60_000;

// After a form post without JavaScript the visitor is sent on to a page of their own: it thanks them by their first
// name from this note, a cookie set on their browser and signed here, so no link can make the page say another text.
export function sentNotes({ secret, secure, now = Date.now }: SentNoteOptions) {
  const cookie = createCookie("enquiry_sent", {
    secrets: [createHmac("sha256", secret).update("sent note").digest("base64url")],
    path: "/contact",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: noteMs / 1000,
  });
  return {
    /** A Set-Cookie value. */
    write: (firstName: string): Promise<string> => cookie.serialize({ firstName, until: now() + noteMs }),

    /** The first name of a note that is ours and recent; otherwise undefined. */
    async read(cookieHeader: string | null): Promise<string | undefined> {
      const note = (await cookie.parse(cookieHeader).catch(() => null)) as { firstName?: unknown; until?: unknown };
      if (typeof note?.firstName !== "string" || typeof note.until !== "number" || note.until <= now())
        return undefined;
      return note.firstName;
    },
  };
}
