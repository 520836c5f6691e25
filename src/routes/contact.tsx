import { data, isRouteErrorResponse, redirect, type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import styles from "../components/contact/ContactPage.module.css";
import { EnquiryForm } from "../components/contact/EnquiryForm.tsx";
import { OfficeDetails } from "../components/contact/OfficeDetails.tsx";
import { servicesContext } from "../context.ts";
import type { EnquiryReply } from "../lib/enquiry-form.ts";
import { choiceLimit, enquiryFields, enquiryLimits } from "../shared/enquiry.ts";
import { answerMaxDigits, formFields, sentMessage } from "../shared/enquiry-api.ts";
import { isDocumentPost, refusalBody } from "../shared/router-protocol.ts";
import { site } from "../shared/site.ts";
import type { Route } from "./+types/contact";

export function meta(_: Route.MetaArgs) {
  return [
    { title: `Contact | ${site.name}` },
    {
      name: "description",
      content: `Tell ${site.name} about your project: web design, branding, graphic design and marketing from our Derby studio. A real person replies within one working day.`,
    },
    { name: "keywords", content: "contact design agency Derby, web design enquiry, branding quote, Derbyshire" },
  ];
}

/** Where a form post without JavaScript goes once its enquiry is taken: a page of its own, so a reload posts nothing. */
const sentParam = "sent";

// Each visit asks its own spam question, and a question answers once: neither this page nor its data is ever stored,
// by the site's page cache or any cache in front of it.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { enquiries } = context.get(servicesContext);
  const challenge = enquiries.newChallenge();
  if (!new URL(request.url).searchParams.has(sentParam)) return { challenge };
  // The name comes only from this browser's own signed note; anyone else's link to this page gets a plain thanks.
  return { challenge, sent: sentMessage(await enquiries.readSent(request.headers.get("Cookie"))) };
}

/** The form's submission, with or without JavaScript: the same enquiry service as POST /emails/contact-form. */
export async function action({ request, context }: Route.ActionArgs) {
  const { enquiries } = context.get(servicesContext);
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const result = await enquiries.submit(fields);
  if (result.answer.status === "success" && isDocumentPost(request)) {
    const note = await enquiries.noteSent(result.firstName ?? "");
    return redirect(`/contact?${sentParam}#enquiry-status`, { status: 303, headers: { "Set-Cookie": note } });
  }
  const reply: EnquiryReply = { answer: result.answer, challenge: result.challenge };
  if (result.answer.status === "fail")
    reply.values = echo(fields, result.challenge?.token === fields[formFields.challenge]);
  const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  return data(reply, { status: result.httpStatus, headers });
}

/** A refusal sent before the action runs (rate or size limit) or a lost connection becomes a status-line message. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<EnquiryReply> {
  try {
    return await serverAction();
  } catch (error) {
    return { answer: { status: "fail", message: failureMessage(error) } };
  }
}

// The spam question only needs renewing after a success; a refusal's reply carries the question to show next.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const reply = actionResult as EnquiryReply | undefined;
  return reply?.answer ? reply.answer.status === "success" : defaultShouldRevalidate;
}

function failureMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    try {
      const body = JSON.parse(refusalBody(error) ?? "") as { message?: unknown };
      if (typeof body.message === "string") return body.message;
    } catch {
      // Not one of our JSON answers: fall through to the general message.
    }
    return `Sorry, something went wrong on our side (${error.status}). Nothing was sent: please try again, or email us at ${site.email}.`;
  }
  return `We couldn't reach the server, so nothing was sent. Check your connection and try again, or email us at ${site.email}.`;
}

/** The visitor's words to fill the form again after a refusal; the old spam answer only if its question stays. */
function echo(fields: Record<string, string>, keepAnswer: boolean): EnquiryReply["values"] {
  const values: NonNullable<EnquiryReply["values"]> = {};
  for (const field of enquiryFields) {
    const limit = field in enquiryLimits ? enquiryLimits[field as keyof typeof enquiryLimits] : choiceLimit;
    if (typeof fields[field] === "string") values[field] = fields[field].slice(0, limit);
  }
  const answer = fields[formFields.answer];
  if (keepAnswer && answer) values.answer = answer.slice(0, answerMaxDigits);
  return values;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const posted =
    useActionData<typeof action>() ??
    (loaderData.sent ? { answer: { status: "success" as const, message: loaderData.sent } } : undefined);
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>Contact</p>
        <h1 className={styles.heading}>
          Got a project? <span className={styles.accent}>Let's hear it.</span>
        </h1>
        <p className={styles.intro}>
          Tell us what you need and roughly what you'd like to spend. A real person reads every enquiry and replies
          within one working day. Prefer to talk? Call <a href={site.phoneHref}>{site.phone}</a>.
        </p>
      </header>
      <div className={styles.layout}>
        <div className={styles.formColumn} id="enquiry">
          <EnquiryForm challenge={loaderData.challenge} posted={posted} />
        </div>
        <div className={styles.asideColumn}>
          <OfficeDetails />
        </div>
      </div>
    </div>
  );
}
