import { Router } from "express";
import type { EnquiryHandler } from "../../src/shared/enquiry-api.ts";
import { bodyFields } from "../http/body.ts";
import { fail } from "../http/refusals.ts";

/** The enquiry API (`POST /emails/contact-form`); the challenge route hands an API client a spam question. */
export function enquiryRoutes(handler: EnquiryHandler) {
  const router = Router();

  router.get("/emails/contact-form/challenge", (_req, res) => {
    const { a, b, token } = handler.newChallenge();
    res.set("Cache-Control", "no-store").json({ question: `${a} + ${b}`, a, b, challenge: token });
  });

  router.post("/emails/contact-form", bodyFields, async (req, res, next) => {
    try {
      const body: unknown = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        res.status(400).json(fail("Send the enquiry's fields as a JSON object."));
        return;
      }
      const { httpStatus, answer, retryAfterSeconds } = await handler.submit(body as Record<string, unknown>);
      if (retryAfterSeconds) res.set("Retry-After", String(retryAfterSeconds));
      res.status(httpStatus).json(answer);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
