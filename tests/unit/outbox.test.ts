import { mkdtempSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkRecord, createOutbox, newEnquiryId } from "../../server/enquiries/outbox.ts";
import { enquiryRecord } from "../support/enquiry-record.ts";

const record = enquiryRecord;

async function openOutbox() {
  const root = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox");
  const outbox = createOutbox(root);
  await outbox.open();
  return { root, outbox };
}

describe("the outbox", () => {
  it("keeps pending enquiries oldest first and moves delivered ones out", async () => {
    const { root, outbox } = await openOutbox();
    const older = newEnquiryId(new Date("2026-01-01T10:00:00Z"));
    const newer = newEnquiryId(new Date("2026-01-02T10:00:00Z"));
    await outbox.add(record(newer));
    await outbox.add(record(older));
    expect((await outbox.pending()).map((r) => r.id)).toEqual([older, newer]);
    await outbox.markDelivered(record(older, { deliveredAt: new Date().toISOString() }));
    expect((await outbox.pending()).map((r) => r.id)).toEqual([newer]);
    expect(await readdir(path.join(root, "delivered"))).toEqual([`${older}.json`]);
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("clears half-written files on open and tidies one a crash left in both folders", async () => {
    const { root, outbox } = await openOutbox();
    await writeFile(path.join(root, "tmp", "half.json"), "{");
    const id = newEnquiryId(new Date());
    await outbox.add(record(id));
    await writeFile(path.join(root, "delivered", `${id}.json`), JSON.stringify(record(id)));
    await outbox.open();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
    expect(await outbox.pending()).toEqual([]);
    expect(await readdir(path.join(root, "pending"))).toEqual([]);
  });

  it("keeps the receipts an earlier version kept in handed/ among its receipts", async () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox");
    const id = newEnquiryId(new Date());
    await mkdir(path.join(root, "handed"), { recursive: true });
    await writeFile(path.join(root, "handed", `${id}.json`), JSON.stringify(record(id)));
    const outbox = createOutbox(root);
    await outbox.open();
    expect((await outbox.receipts()).map((kept) => kept.id)).toEqual([id]);
  });

  it("keeps the receipts of both folders where an earlier version's handed/ sits beside receipts/", async () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox");
    const [earlier, later] = [newEnquiryId(new Date(0)), newEnquiryId(new Date())];
    await mkdir(path.join(root, "handed"), { recursive: true });
    await mkdir(path.join(root, "receipts"), { recursive: true });
    await writeFile(path.join(root, "handed", `${earlier}.json`), JSON.stringify(record(earlier)));
    await writeFile(path.join(root, "receipts", `${later}.json`), JSON.stringify(record(later)));
    const outbox = createOutbox(root);
    await outbox.open();
    expect((await outbox.receipts()).map((kept) => kept.id).sort()).toEqual([earlier, later].sort());
    expect(await readdir(root)).not.toContain("handed");
  });

  it("removes delivered enquiries and dead letters once they are older than their retention periods", async () => {
    const { root, outbox } = await openOutbox();
    await outbox.markDelivered(record("old", { deliveredAt: "2026-01-01T00:00:00.000Z" }));
    await outbox.markDelivered(record("recent", { deliveredAt: "2026-03-01T00:00:00.000Z" }));
    await outbox.markDead(record("old-dead", { deadAt: "2026-01-20T00:00:00.000Z" }));
    await outbox.markDead(record("recent-dead", { deadAt: "2026-01-25T00:00:00.000Z" }));
    const before = { delivered: new Date("2026-02-01T00:00:00Z"), dead: new Date("2026-01-22T00:00:00Z") };
    expect(await outbox.sweep(before)).toEqual({
      delivered: 1,
      dead: 1,
      lastDeliveredAt: new Date("2026-03-01T00:00:00.000Z"),
    });
    expect(await readdir(path.join(root, "delivered"))).toEqual(["recent.json"]);
    expect(await readdir(path.join(root, "dead"))).toEqual(["recent-dead.json"]);
    expect(await outbox.deadCount()).toBe(1);
  });
});

describe("an outbox file edited by hand", () => {
  it("is reported and left in place rather than stopping the start", async () => {
    const root = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox");
    const unreadable: string[] = [];
    const outbox = createOutbox(root, (file) => unreadable.push(path.basename(file)));
    await outbox.open();
    const id = newEnquiryId(new Date());
    await outbox.add(record(id));
    await writeFile(path.join(root, "pending", "broken.json"), "{ not json");
    expect((await outbox.pending()).map((r) => r.id)).toEqual([id]);
    expect(unreadable).toEqual(["broken.json"]);
    expect((await readdir(path.join(root, "pending"))).sort()).toEqual(["broken.json", `${id}.json`].sort());
  });
});

describe("a record read back from a shared queue", () => {
  const mailTo = ["studio@gritstone.test"];
  const reason = (value: unknown) => {
    const checked = checkRecord(value, mailTo);
    return checked.ok ? "ok" : checked.reason;
  };

  it("passes as the enquiry handler wrote it, and loses any field the outbox does not write", () => {
    const base = record();
    const written = record(newEnquiryId(new Date()), {
      enquiry: { ...base.enquiry, need: "Photography" },
      recipients: ["Studio@gritstone.test"],
    });
    const checked = checkRecord({ ...written, to: "thief@example.com", headers: { Bcc: "thief@example.com" } }, mailTo);
    expect(checked).toEqual({ ok: true, record: written });
  });

  it("fails with the field and the rule, never the value", () => {
    const id = newEnquiryId(new Date());
    const cases: [unknown, string][] = [
      [{ ...record(id), recipients: ["thief@example.com"] }, "recipients: names an address that is not in MAIL_TO"],
      [
        { ...record(id), enquiry: { ...record(id).enquiry, email: "not-an-address" } },
        "enquiry.email: Please enter a valid email address, like jane@example.com.",
      ],
      [{ ...record(id), enquiry: { ...record(id).enquiry, name: "Eve\r\nBcc: thief@example.com" } }, "ok"],
      [{ ...record(id), messageId: "<enquiry.other@gritstone.test>" }, "messageId: is not this enquiry's Message-ID"],
      [{ ...record(id), id: "../../etc/passwd" }, "id: is not an enquiry id"],
      [{ ...record(id), version: 2 }, "version: Invalid input: expected 1"],
      ["a string", "record: Invalid input: expected object, received string"],
    ];
    for (const [value, expected] of cases) expect(reason(value)).toBe(expected);
  });
});
