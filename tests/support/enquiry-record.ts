import { newEnquiryId, type OutboxRecord } from "../../server/enquiries/outbox.ts";

/** An accepted enquiry as the outbox keeps it, with every field the form has; `extra` overrides any of it. */
export function enquiryRecord(id = newEnquiryId(new Date()), extra: Partial<OutboxRecord> = {}): OutboxRecord {
  return {
    version: 1,
    id,
    messageId: `<enquiry.${id}@gritstone.test>`,
    receivedAt: new Date().toISOString(),
    enquiry: {
      name: "Ada Lovelace",
      email: "ada@example.com",
      need: "Branding",
      brief: "A logo.",
      site: "N/A",
      site_type: "N/A",
      improve: "N/A",
      budget: "N/A",
      message: "No message.",
      biscuits: "no",
    },
    attempts: 0,
    ...extra,
  };
}
