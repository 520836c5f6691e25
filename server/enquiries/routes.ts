import { Router } from "express";
import type { EnquiryDesk } from "../../src/shared/enquiry-desk.ts";
import { bodyFields } from "../http/body.ts";
import { fail } from "../http/refusals.ts";

/** The enquiry API (`POST /emails/contact-form`); the challenge route hands an API client a spam question. */
export function enquiryRoutes(desk: EnquiryDesk) {
  const router = Router();

  router.get("/emails/contact-form/challenge", (_req, res) => {
    const { a, b, token } = desk.newChallenge();
    res.set("Cache-Control", "no-store").json({ question: `${a} + ${b}`, a, b, challenge: token });
  });

  router.post("/emails/contact-form", bodyFields, async (req, res, next) => {
    try {
      const body: unknown = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        res.status(400).json(fail("Send the enquiry's fields as a JSON object."));
        return;
      }
      const { httpStatus, answer, retryAfterSeconds } = await desk.submit(body as Record<string, unknown>);
      if (retryAfterSeconds) res.set("Retry-After", String(retryAfterSeconds));
      res.status(httpStatus).json(answer);
    } catch (error) {
      next(error);
    }
  });

  return router;
}
